import RegexTranslation
import Testing

/// The literals a translation says every match needs are read from the pattern's structure.
@Suite struct RequiredLiteralsTests {
    static func literals(_ pattern: String) throws -> [String] {
        try OnigurumaTranslator.translate(pattern).requiredLiterals.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test(arguments: [
        (#"(?<!\.|\$)\b(catch|finally|throw|try)\b(?!\$)"#, ["catch", "finally", "throw", "try"]),
        (#"(?:(export)[\s]+)?\b(?:(class)|(interface))\b"#, ["class", "interface"]),
        (#"\b(var|let|const(?![\s]+enum\b))\b"#, ["const", "let", "var"]),
        (#"(?<=return)\s*\{"#, ["{"]),
        (#"[_$[:alpha:]][_$[:alnum:]]*(?=\s*\.\s*prototype\b)"#, ["prototype"]),
        (#"[\(\<]name"#, ["(name", "<name"]),
        (#"(?:ab|cd)(?:ef|gh)"#, ["abef", "abgh", "cdef", "cdgh"]),
        (#"x+yz"#, ["yz"]),
    ])
    func keywordsAndLookaheadsAreRequired(_ pattern: String, _ expected: [String]) throws {
        #expect(try Self.literals(pattern) == expected)
    }

    @Test(arguments: [
        #"(?i)class"#, #"(?i:interface)"#, "x?", "a*", #"(?:abc|d*)"#, ".", #"\w+"#, #"(a*)\1"#,
        #"(?!abc)"#, #"(?<=abc)"#, #"[^a]"#, "",
    ])
    func constructsItDoesNotFollowRequireNothing(_ pattern: String) throws {
        #expect(try Self.literals(pattern).isEmpty)
    }

    @Test func theMostSelectiveSetIsChosen() throws {
        // "(" and ")" are required too, but a three-byte word rules out more lines.
        #expect(try Self.literals(#"\(\s*function\s*\)"#) == ["function"])
    }
}
