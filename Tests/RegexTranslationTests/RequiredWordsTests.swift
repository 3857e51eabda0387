import RegexTranslation
import Testing

/// The whole words a translation says every match holds are read from `\b X \b` shapes only.
@Suite struct RequiredWordsTests {
    static func words(_ pattern: String) throws -> [String] {
        try OnigurumaTranslator.translate(pattern).requiredWords.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        (#"\b(catch|finally|throw|try)\b"#, ["catch", "finally", "throw", "try"]),
        (
            #"(?<!\.|\$)\b(?:(document|event)|(AudioBufferSourceNode))\b(?!\$)"#,
            ["AudioBufferSourceNode", "document", "event"]
        ),
        (#"\b(exports?|require[ds])\b"#, ["export", "exports", "required", "requires"]),
        (#"(?:\b(if)\b|\b(else_2)\b)"#, ["else_2", "if"]),
        (#"(?x) \b ( get | set ) \b \s*"#, ["get", "set"]),
        // A `.` and spaces before, a lookahead for spaces and `(` after, also set a word apart.
        (#"(\.)\s*(?:(value|width))\b(?!\$)"#, ["value", "width"]),
        (#"(\.)\s*(toggle|write)(?=\s*\()"#, ["toggle", "write"]),
        (#"\.(size)$"#, ["size"]),
        // A string with a `.` inside stands for the word before the `.`.
        (#"\b(plugins\.refresh|push)\b"#, ["plugins", "push"]),
        (#"\b(a|b c)\b"#, ["a", "b"]),
    ])
    func keywordListsBetweenBoundariesRequireTheirWords(_ pattern: String, _ expected: [String]) throws {
        #expect(try Self.words(pattern) == expected)
    }

    @Test(arguments: [
        #"\bfoo"#, #"(?i)\b(foo)\b"#, #"\b(a+)\b"#, #"\b(x)?\b"#, #"(?:\b(a)\b)?"#,
        #"\b(é)\b"#, #"\b(a|$)\b"#, #"(?=\b(a)\b)"#, #"\b(a)\b|b"#, #"\b(a.b)\b"#, "",
        #"a(foo)\b"#, #"\.(foo)(?=x)"#, #"\s*(foo)\b"#, #"(?<=\.)(foo)\b"#, #"\.\w*(foo)\b"#,
        #"\.(foo)(?=\s*)"#, #"\b(\$foo|bar)\b"#, #"\b(foo|bé)\b"#,
    ])
    func otherShapesRequireNoWords(_ pattern: String) throws {
        #expect(try Self.words(pattern).isEmpty)
    }
}
