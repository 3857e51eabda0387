import Testing

@testable import RegexTranslation

/// The characters a match begins with, as the translation reports them: a superset, nil when
/// a match may begin with anything or with nothing, and widened where case folds.
@Suite struct MatchStartTests {
    static func start(_ source: String) throws -> MatchStart? {
        try OnigurumaTranslator.translate(source).matchStart
    }

    static func ascii(_ characters: String) -> (UInt64, UInt64) {
        var bits: (UInt64, UInt64) = (0, 0)
        for byte in characters.utf8 {
            if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
        }
        return bits
    }

    @Test func literalsAndListedClassesAreSpelledOut() throws {
        let start = try #require(try Self.start(#"(?:ab|[c-e]x|é)"#))
        #expect((start.asciiLow, start.asciiHigh) == Self.ascii("acde"))
        #expect(start.others == [0xE9])
        #expect(start.classes.isEmpty)
        #expect(!start.anyOutsideASCII)
    }

    @Test func assertionsAndOptionalPartsLetWhatFollowsBegin() throws {
        let start = try #require(try Self.start(#"\b(?<!\.)x?(?=[yz])[a-z]"#))
        #expect((start.asciiLow, start.asciiHigh) == Self.ascii("xyz"))
    }

    @Test func classesTooLargeToListAreNamedForPCRE2() throws {
        let start = try #require(try Self.start(#"\b\d+|_"#))
        #expect((start.asciiLow, start.asciiHigh) == Self.ascii("_"))
        #expect(start.classes.count == 1)
        #expect(start.classes.first?.contains("\\d") == true)
    }

    @Test func foldedCaseTakesBothCasesAndAnythingOutsideASCII() throws {
        let plain = try #require(try Self.start(#"(?i)kx"#))
        #expect((plain.asciiLow, plain.asciiHigh) == Self.ascii("kK"))
        #expect(plain.anyOutsideASCII)
        // A character outside ASCII may fold to any ASCII letter.
        let wide = try #require(try Self.start(#"(?i:é)"#))
        #expect(
            (wide.asciiLow, wide.asciiHigh)
                == Self.ascii("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    }

    @Test(arguments: [#"x?"#, #"."#, #"a|"#, #"(?=a?)"#, #"\Gfoo|"#, #"\1a"#])
    func aMatchThatMayBeginAnywhereOrConsumeNothingHasNone(_ source: String) throws {
        #expect(try Self.start(source) == nil, "\(source)")
    }
}
