import Testing

@testable import RegexTranslation

/// A translation written as bytes reads back equal, and bytes that are not one never read as
/// one (the translation cache keeps them on disk, where anything may happen to them).
@Suite struct TranslatedPatternEncodingTests {
    /// A pattern with every field away from its default.
    static let everyField = TranslatedPattern(
        source: "(?:é|x)\\b", usesAnchorA: true, usesAnchorG: true, usesSubroutineCalls: true,
        usesMatchReset: true,
        captureGroupCount: 3, highestBackReference: 5, approximations: ["one", "two"],
        requiredLiterals: [[0x61], [0xC3, 0xA9, 0x00]], exactLiteral: [0x78, 0x79], matchesOnlyLineEnds: true,
        requiredWords: [Array("let".utf8)],
        classRun: ClassRun(
            first: "[a-z]", rest: "[a-z0-9]", isCaptured: true, notFollowedBy: "[:]",
            guards: [["[\\w]"], ["[^.]", "\\."]],
            optionalPrefix: "\\#",
            followedBy: [
                .any("\\s"), .optionalGroup([.one("\\?"), .optional("[.]"), .some("\\s")]), .one("\\("),
            ]),
        leadingRun: LeadingRun(runClass: "\\s", byte: 0x7B),
        matchStart: MatchStart(
            asciiLow: 1 << 63, asciiHigh: 0x0F, others: [0xE9, 0x10FFFF], classes: ["[\\d]"],
            anyOutsideASCII: true),
        leadingLookbehind: LeadingLookbehind(
            bodySource: "\\@a|\\@bc", consumedSource: "(?:\\@a|\\@bc)", longest: 3, firstBytes: [0x40]),
        wordList: WordList(
            words: [Array("if".utf8), Array("else".utf8)], guards: [["[\\w]"]], isCaptured: true,
            notFollowedBy: "[$]"),
        runStartCheck: RunStartCheck(source: "(?!(?!\\G)(?<=x))", offset: 3))

    static func encoded(_ pattern: TranslatedPattern, after prefix: [UInt8] = []) -> [UInt8] {
        var writer = ByteWriter(output: prefix)
        pattern.encode(into: &writer)
        return writer.output
    }

    static func decoded(_ bytes: [UInt8], from offset: Int = 0) -> TranslatedPattern? {
        bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(bytes: buffer, offset: offset)
            let decoded = TranslatedPattern.decode(from: &reader)
            return reader.isAtEnd ? decoded : nil
        }
    }

    /// Written after a byte of something else, and read back from there to the end.
    static func roundTrip(_ pattern: TranslatedPattern) -> TranslatedPattern? {
        decoded(encoded(pattern, after: [0xFF]), from: 1)
    }

    @Test func everyFieldReadsBackEqual() {
        #expect(Self.roundTrip(Self.everyField) == Self.everyField)
        // A field added to the type must be added to the encoding too: this counts them.
        #expect(
            Mirror(reflecting: Self.everyField).children.count == 18,
            "TranslatedPattern gained a field: encode and decode it, then update this count")
    }

    @Test func absentOptionalsAndEmptyListsReadBackEqual() {
        var plain = Self.everyField
        plain.exactLiteral = nil
        plain.classRun = nil
        plain.leadingRun = nil
        plain.matchStart = nil
        plain.leadingLookbehind = nil
        plain.wordList = nil
        plain.runStartCheck = nil
        plain.approximations = []
        plain.requiredLiterals = []
        #expect(Self.roundTrip(plain) == plain)
        plain.classRun = ClassRun(first: "[a]", rest: "[b]", isCaptured: false, notFollowedBy: nil)
        #expect(Self.roundTrip(plain) == plain)
    }

    @Test(arguments: [
        "a+b", "(?<x>\\w+)\\k<x>", "\\Gfoo|$", "[[:alpha:]_][[:alnum:]_]*", "(?i)select\\s+\\*",
        "(?<=\\.)\\s*(\\w+)", "(?<![\\w$])(?:(async)\\s+)?\\s*+(\\w+)\\(",
    ])
    func realTranslationsReadBackEqual(_ source: String) throws {
        let translated = try OnigurumaTranslator.translate(source)
        #expect(Self.roundTrip(translated) == translated)
    }

    @Test func everyCutOfTheBytesFailsToDecodeInsteadOfReadingPastTheEnd() {
        let bytes = Self.encoded(Self.everyField)
        for length in 0..<bytes.count {
            let decoded = Array(bytes[..<length]).withUnsafeBytes { buffer in
                var reader = ByteReader(bytes: buffer)
                return TranslatedPattern.decode(from: &reader)
            }
            #expect(decoded == nil, "\(length) of \(bytes.count) bytes")
        }
    }

    @Test func aLengthPastTheEndOrAFlagThatIsNotZeroOrOneFailsToDecode() {
        let bytes = Self.encoded(Self.everyField)
        var hugeLength = bytes
        hugeLength.replaceSubrange(0..<8, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        var badFlag = bytes
        let sourceLength = Self.everyField.source.utf8.count
        badFlag[8 + sourceLength] = 2
        for broken in [hugeLength, badFlag] {
            let decoded = broken.withUnsafeBytes { buffer in
                var reader = ByteReader(bytes: buffer)
                return TranslatedPattern.decode(from: &reader)
            }
            #expect(decoded == nil)
        }
    }

    /// A check placed past the end of its source is not a translation.
    @Test func aRunStartCheckPastTheSourceFailsToDecode() {
        var pattern = Self.everyField
        pattern.runStartCheck?.offset = pattern.source.utf8.count + 1
        #expect(Self.roundTrip(pattern) == nil)
    }

    /// A translation never makes a lookahead or a group without steps, or a group in a group;
    /// bytes that say so are not a translation.
    @Test func lookaheadStepsThatNoTranslationMakesFailToDecode() {
        for steps: [LookaheadStep] in [
            [], [.optionalGroup([])], [.optionalGroup([.optionalGroup([.one("a")])])],
        ] {
            var pattern = Self.everyField
            pattern.classRun?.followedBy = steps
            #expect(Self.roundTrip(pattern) == nil, "\(steps)")
        }
    }
}
