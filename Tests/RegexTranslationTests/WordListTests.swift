import RegexTranslation
import Testing

/// A translation says a pattern is a word list only for ASCII words in one group, behind
/// negative lookbehinds of one or two characters and before at most a negative lookahead of
/// one class.
@Suite struct WordListTests {
    @Test func guardedKeywordsAreAWordList() throws {
        let list = try #require(
            try OnigurumaTranslator.translate(#"(?<![\w$])(?<![^.]\.)(?:if|else|switch)(?![\w$])"#).wordList)
        #expect(list.words == [Array("if".utf8), Array("else".utf8), Array("switch".utf8)])
        #expect(list.guards.map(\.count) == [1, 2])
        #expect(!list.isCaptured)
        #expect(list.notFollowedBy != nil)
        let captured = try #require(try OnigurumaTranslator.translate(#"(Object|Array)"#).wordList)
        #expect(captured.isCaptured && captured.guards.isEmpty && captured.notFollowedBy == nil)
    }

    @Test(arguments: [
        // Not only ASCII literal words in one group; a group of another kind or number.
        "(?:if|el+se)", "(?:if|[ei]f)", "(?:if|)", "(?:é|a)", "(?:if|else)x", "x(?:if|else)", "if|else",
        "(?i:if|else)", "(?=if|else)", "(a)(?:if)", "(?:(a)|b)",
        // Lookarounds that are not guards or one excluded class.
        "(?<=a)(?:if|else)", "(?<!abc)(?:if|else)", "(?:if|else)(?=a)", "(?:if|else)(?!ab)",
        "(?:if|else)(?![a])(?![b])",
    ])
    func otherShapesAreNoWordList(_ pattern: String) throws {
        #expect(try OnigurumaTranslator.translate(pattern).wordList == nil, "\(pattern)")
    }
}
