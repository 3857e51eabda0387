import DocumentStorage
import JSONRPC
import RichText
import TestSupport
import Testing
import TextSegmentation

@Suite("SpanDetectionHook")
struct SpanDetectionHookTests {
    @Test func marksMentionsShortcodesAndHashtags() throws {
        let storage = try SpanFixtures.storage("hi @bob_1 [赞] [nope] :+1: #tag\n日本@李 [ok]")
        #expect(
            storage.spanTexts == [
                ["@bob_1", "mention"], ["[赞]", "shortcode"], [":+1:", "shortcode"], ["#tag", "hashtag"],
                ["[ok]", "shortcode"],
            ])
        let span = try #require(
            storage.spans(in: storage.text.utf8Range).first { $0.attribute.kind == "shortcode" })
        #expect(
            span.attribute.data == [
                "shortcode": .string("[赞]"), "image": .string("like.png"), "text": .string("👍"),
            ])
        #expect(span.attribute.isAtomic && !span.attribute.isUnbreakable)
    }

    @Test func aMentionInsideALinkIsNotASpan() throws {
        let storage = try SpanFixtures.storage("mail a@b.co or @b, see http://x.io/@c")
        #expect(storage.spanTexts == [["@b", "mention"]])
        #expect(storage.links(in: storage.text.utf8Range).count == 2)
    }

    @Test func editingInsideAMentionReRunsTheRules() throws {
        let storage = try SpanFixtures.storage("to @alice now")
        let before = try #require(storage.spans(in: storage.text.utf8Range).first)
        try storage.replaceCharacters(in: 6..<7, with: " ")
        #expect(storage.spanTexts == [["@al", "mention"]])
        #expect(storage.spans(in: storage.text.utf8Range).first?.attribute.id != before.attribute.id)
        try storage.replaceCharacters(in: 0..<0, with: "x")
        #expect(storage.spanTexts == [["@al", "mention"]])
    }

    @Test func givenSpansLiveUntilAnEditCutsIntoThem() throws {
        let storage = TextStorage("This site was created by Author")
        storage.addHook(SpanDetectionHook())
        storage.beginEditing()
        storage.setSpans(
            [
                Span(range: 0..<9, attribute: SpanAttribute(kind: "site", isGiven: true)),
                Span(range: 25..<31, attribute: SpanAttribute(kind: "user", isAtomic: true, isGiven: true)),
            ], replacingIn: 0..<31)
        _ = try storage.endEditing()
        try storage.replaceCharacters(in: 9..<9, with: "!")
        try storage.replaceCharacters(in: 0..<0, with: "> ")
        #expect(storage.spanTexts == [["This site", "site"], ["Author", "user"]])
        try storage.replaceCharacters(in: 30..<31, with: "")
        #expect(storage.spanTexts == [["This site", "site"]])
    }

    @Test func lineBreakingKeepsUnbreakableSpansWhole() throws {
        let storage = TextStorage("a {big world} now")
        let rule = try SpanRule(kind: "tag", pattern: "\\{[^}]*\\}", isUnbreakable: true)
        storage.addHook(SpanDetectionHook(rules: [rule]))
        storage.reprocess(storage.text.utf8Range)
        let paragraph = storage.text.utf8Range
        #expect(LineBreaker().breaks(inParagraph: paragraph, of: storage, columns: 12) == [2, 14])
        #expect(LineBreaker().breaks(in: storage.string, columns: 12) == [7])
    }

    @Test(arguments: [
        (JSONValue.array([["kind": "", "pattern": "a"]]), "spanRules[0].kind must not be empty"),
        (.array([["kind": "m", "pattern": "(a"]]), "spanRules[0].pattern (a:"),
        (.array([["kind": "m"]]), "spanRules[0].pattern must be a string"),
        (.array([["kind": "m", "pattern": "a", "atomic": "yes"]]), "spanRules[0].atomic must be a boolean"),
        (.array([["kind": "s", "pattern": "a", "table": ["a": [:]]]]), "spanRules[0].table: a has neither"),
        (.object([:]), "spanRules must be an array"),
    ])
    func badRulesAreRefusedNamingTheRule(rules: JSONValue, message: String) {
        #expect {
            _ = try SpanRule.rules(from: rules)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func randomEditsMatchTheRulesFromScratch() throws {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0x5BA_4E)
        var random = SeededGenerator(seed: seed)
        let storage = try SpanFixtures.storage("")
        for step in 0..<300 {
            let (range, text) = SpanEditGenerator.edit(of: storage.string, using: &random)
            try storage.replaceCharacters(in: range, with: text)
            let final = storage.string
            #expect(
                storage.spanTexts == SpanFixtures.oracle.spans(of: final),
                "seed \(seed) step \(step): \(final.debugDescription)")
        }
    }
}
