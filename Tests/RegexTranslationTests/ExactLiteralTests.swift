import RegexTranslation
import Testing

/// A translation says a pattern is an exact literal only when nothing but literal characters,
/// matched case by case, make it up.
@Suite struct ExactLiteralTests {
    static func literal(_ pattern: String) throws -> String? {
        try OnigurumaTranslator.translate(pattern).exactLiteral.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        (#"\("#, "("), (";", ";"), (#"\.\.\."#, "..."), ("=>", "=>"), (#"\$"#, "$"), ("é€", "é€"),
        (#"\x{1F600}a"#, "\u{1F600}a"), (#"\t"#, "\t"), ("(?x) a b ", "ab"),
    ])
    func literalCharactersMakeAnExactLiteral(_ pattern: String, _ expected: String) throws {
        #expect(try Self.literal(pattern) == expected)
    }

    @Test(arguments: [
        "(?i)abc", "(?i:abc)", "a|b", "a+", "a?", #"\b"#, "^a", "a$", "[a]", ".", #"\s"#, "(a)",
        "(?:a)", "(?=a)a", #"\Ga"#, #"\Aa"#, "", #"a\Kb"#, #"\w"#,
    ])
    func anythingMoreIsLeftToTheRegex(_ pattern: String) throws {
        #expect(try Self.literal(pattern) == nil)
    }
}
