import Testing

@testable import RegexTranslation

/// The shared analyses of parsed trees (`Analysis/`) give the answers the rewrites and
/// shortcuts were measured with, including where two readings differ on purpose.
@Suite struct TreeAnalysisTests {
    static func tree(_ pattern: String) throws -> OnigNode {
        var parser = OnigParser(pattern)
        return try parser.parsePattern()
    }

    static func classSet(_ pattern: String) throws -> ClassSet {
        guard case .set(let set) = try tree(pattern) else {
            throw PatternTranslationError(message: "no class", offset: 0)
        }
        return set
    }

    static func scalars(_ text: String) -> ScalarSet { ScalarSet(text.unicodeScalars.map(\.value)) }

    @Test(arguments: [
        ("abc", "a", false), ("a?b", "ab", false), ("a?b?", "ab", true), ("[a-c]|d", "abcd", false),
        ("(?:a|)b", "ab", false), ("x*", "x", true), ("\\bx", "x", false),
        // A lookahead that must consume pins the next character; one that may not pins nothing.
        ("(?=x)y", "x", false), ("(?=x?)y", "y", false), ("(?!x)y", "y", false), ("(?<=x)y", "y", false),
    ])
    func firstCharactersLookThroughOptionalItemsAndAssertions(
        _ pattern: String, _ expected: String, _ mayBeEmpty: Bool
    ) throws {
        let first = try Self.tree(pattern).firstCharacters {
            $0.members().map(FirstCharacters.scalars) ?? .any
        }
        #expect(first.characters == .scalars(Self.scalars(expected)))
        #expect(first.mayBeEmpty == mayBeEmpty)
    }

    @Test(arguments: [".a", "(x)?\\1a", "(a)?\\g<1>", "(?~ab)", "\\Ra", "\\wa"])
    func whatIsNotFollowedMayStartWithAnything(_ pattern: String) throws {
        let first = try Self.tree(pattern).firstCharacters {
            $0.members().map(FirstCharacters.scalars) ?? .any
        }
        #expect(first.characters == .any)
    }

    @Test(arguments: [
        // pattern, may match empty, is a zero-width assertion (without `\G`), with `\G`
        ("(?=a)", false, true, true), ("(?=a?)", true, true, true), ("^", true, true, true),
        ("\\G", true, false, true), ("(?:(?<=x)\\b)", true, true, true), ("(?!a)$", true, true, true),
        ("(^)", true, false, false), ("(?:)", true, false, false), ("a*", true, false, false),
        ("a", false, false, false), ("\\1", true, false, false), ("(*FAIL)", false, false, false),
    ])
    func emptinessHasAMayAndAnAlwaysReading(
        _ pattern: String, _ mayMatchEmpty: Bool, _ isAssertion: Bool, _ isAssertionCountingG: Bool
    ) throws {
        let node = try Self.tree(pattern)
        #expect(node.mayMatchEmpty == mayMatchEmpty)
        #expect(node.isZeroWidthAssertion(countingSearchStart: false) == isAssertion)
        #expect(node.isZeroWidthAssertion(countingSearchStart: true) == isAssertionCountingG)
    }

    @Test(arguments: [
        ("a(?i:b)", true), ("x(?i)a", true), ("(?=(?i:a))", true), ("(x)(?(1)a|(?i:b))", true),
        ("(?~(?i:a))", true), ("(?i:a)?", true), ("(?-i:a)", false), ("(?m:a)", false), ("a[bc]", false),
    ])
    func caseFoldingIsFoundAnywhere(_ pattern: String, _ ignoresCase: Bool) throws {
        #expect(try Self.tree(pattern).ignoresCaseAnywhere == ignoresCase)
    }

    @Test(arguments: [
        ("[a-c]", "abc"), ("[a[xy]]", "axy"), ("[ab-b]", "ab"),
    ])
    func smallClassesAreListed(_ pattern: String, _ expected: String) throws {
        #expect(try Self.classSet(pattern).members() == Self.scalars(expected))
    }

    @Test func spacesAreListedAsTheirSuperset() throws {
        #expect(try Self.classSet("[\\s]").members() == ClassSet.spaceScalars)
    }

    @Test func rangesAreListedUpToTheLimit() throws {
        #expect(try Self.classSet("[\\x{100}-\\x{1FF}]").members()?.count == 256)
        #expect(try Self.classSet("[\\x{100}-\\x{200}]").members() == nil)
    }

    @Test(arguments: ["[^a]", "[a-z&&[^x]]", "\\w", "[\\x{100}-\\x{2FF}]", "[a\\S]", "[[:alpha:]]"])
    func classesBuiltOnPropertiesOrComplementsAreNotListed(_ pattern: String) throws {
        #expect(try Self.classSet(pattern).members() == nil)
    }

    @Test func memberStringsListOnlyAFewPlainScalars() throws {
        #expect(try Self.classSet("[(<]").memberStrings(atMost: 4) == [[0x28], [0x3C]])
        #expect(try Self.classSet("[é]").memberStrings(atMost: 4) == [[0xC3, 0xA9]])
        #expect(try Self.classSet("[abcde]").memberStrings(atMost: 4) == nil)
        #expect(try Self.classSet("[a-c]").memberStrings(atMost: 4) == nil)
        #expect(try Self.classSet("[\\s]").memberStrings(atMost: 4) == nil)
    }
}
