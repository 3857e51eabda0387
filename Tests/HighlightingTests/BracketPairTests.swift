import DocumentStorage
import GrammarEngine
import Highlighting
import TestSupport
import Testing
import TextRope

/// Bracket pairs kept by the highlighter, against a naive model (`ReferenceBrackets`) that
/// tokenizes the whole text from scratch, looks for bracket texts at every byte of the tokens
/// whose brackets count, and pairs them with an array as the stack.
struct BracketPairTests {
    static let pairs = [
        BracketPair(open: "{", close: "}"), BracketPair(open: "[", close: "]"),
        BracketPair(open: "(", close: ")"),
    ]

    static func configuration(
        _ pairs: [BracketPair] = pairs, classification: TokenClassification = .standard,
        window: Int = 60, sliceLineBudget: Int = 2_000
    ) -> SyntaxHighlighter.Configuration {
        var configuration = SyntaxHighlighter.Configuration(
            window: window, sliceLineBudget: sliceLineBudget, sliceTimeBudget: nil)
        configuration.brackets = BracketSet(pairs: pairs)
        configuration.classification = classification
        return configuration
    }

    /// A bracket as the model and the storage give it: UTF-8 range and mark.
    struct Found: Equatable, CustomStringConvertible {
        var range: Range<Int>
        var depth: Int
        var isOpen: Bool

        var description: String { "\(range.lowerBound)+\(range.count)\(isOpen ? "o" : "c")\(depth)" }

        init(range: Range<Int>, depth: Int, isOpen: Bool) {
            self.range = range
            self.depth = depth
            self.isOpen = isOpen
        }

        init(_ span: BracketSpan) {
            self.init(range: span.range.bytes, depth: Int(span.mark.depth), isOpen: span.mark.isOpen)
        }
    }

    /// The naive model (`ReferenceBrackets`): every bracket of `text` with its depth.
    static func model(
        _ text: String, grammar: Grammar, pairs: [BracketPair] = pairs,
        classification: TokenClassification = .standard
    ) -> [Found] {
        ReferenceBrackets.brackets(of: text, grammar: grammar, pairs: pairs, classification: classification)
            .map(Found.init)
    }

    /// The bracket layer of a storage, one entry per bracket (adjacent unexpected brackets,
    /// which share a run, cut apart where the model has them).
    static func layer(_ storage: TextStorage, splitBy model: [Found]) -> [Found] {
        let reference = model.map {
            BracketSpan(
                range: Range(bytes: $0.range), mark: BracketMark(depth: Int32($0.depth), isOpen: $0.isOpen))
        }
        return ReferenceBrackets.layer(of: storage, cutBy: reference).map(Found.init)
    }

    static func highlighted(
        _ text: String, grammar: Grammar, configuration: SyntaxHighlighter.Configuration = configuration()
    ) throws -> (TextStorage, SyntaxHighlighter) {
        IncrementalHighlightTests.highlighted(
            text, grammar: grammar, styles: try HighlightingFixtures.styles(), configuration: configuration)
    }

    @Test func bracketsInStringsCommentsAndRegularExpressionsDoNotCount() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let text = "f(\"(\", /[(]/, '}') // (\n/* [ */ g[1];\n"
        let (storage, _) = try Self.highlighted(text, grammar: grammar)
        let found = Self.layer(storage, splitBy: [])
        let bytes = Array(text.utf8)
        #expect(found.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["(", ")", "[", "]"])
        #expect(found.map(\.depth) == [0, 0, 0, 0])
    }

    @Test func aClosingBracketClosesTheInnermostOfItsPairAndWhatWasLeftOpenInside() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        // `(` inside `{` is never closed: `}` closes both; the last `)` closes nothing.
        let text = "{ ( [ ] }\n)\n"
        let (storage, _) = try Self.highlighted(text, grammar: grammar)
        #expect(
            Self.layer(storage, splitBy: []).map(\.description) == [
                "0+1o0", "2+1o1", "4+1o2", "6+1c2", "8+1c0", "10+1c-1",
            ])
    }

    @Test func wordBracketsCountOnlyAsWholeWords() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let pairs = [BracketPair(open: "begin", close: "end")]
        let text = "begin x; beginning; end; ending\nbegin end\n"
        let (storage, _) = try Self.highlighted(
            text, grammar: grammar, configuration: Self.configuration(pairs))
        #expect(
            Self.layer(storage, splitBy: []).map(\.description) == ["0+5o0", "20+3c0", "32+5o0", "38+3c0"])
    }

    @Test func unbalancedBracketScopesTakeTokensOutAndBalancedOnesLimitThem() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let text = "if (a) { f(b); }\n"
        let none = TokenClassification(unbalancedBracketScopes: ["meta.brace.round"])
        let (withoutRound, _) = try Self.highlighted(
            text, grammar: grammar, configuration: Self.configuration(classification: none))
        #expect(
            Self.layer(withoutRound, splitBy: []) == Self.model(text, grammar: grammar, classification: none))
        #expect(Self.layer(withoutRound, splitBy: []).map(\.description) == ["7+1o0", "15+1c0"])
        let onlyRound = TokenClassification(balancedBracketScopes: ["meta.brace.round"])
        let (limited, _) = try Self.highlighted(
            text, grammar: grammar, configuration: Self.configuration(classification: onlyRound))
        #expect(
            Self.layer(limited, splitBy: []).map(\.description) == ["3+1o0", "5+1c0", "10+1o0", "12+1c0"])
    }

    @Test func typingAnUnmatchedBracketRenestsEverythingAfterItAndDeletingItRestoresThem() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let body = (0..<200).map { "f(\($0), [a]);\n" }.joined()
        let (storage, highlighter) = try Self.highlighted(body, grammar: grammar)
        let before = Self.layer(storage, splitBy: [])
        _ = try storage.replaceCharacters(in: 0..<0, unit: .utf8, with: "{\n")
        highlighter.highlightAll()
        let opened = Self.layer(storage, splitBy: [])
        #expect(opened.dropFirst().map(\.depth) == before.map { $0.depth + 1 })
        #expect(opened == Self.model(storage.string, grammar: grammar))
        _ = try storage.replaceCharacters(in: 0..<2, unit: .utf8, with: "")
        highlighter.highlightAll()
        #expect(Self.layer(storage, splitBy: []) == before)
    }

    @Test func typingInsideALinePairsOnlyThatLine() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let body = (0..<500).map { "g(\($0), { a: [1] });\n" }.joined()
        let (storage, highlighter) = try Self.highlighted(body, grammar: grammar)
        let paired = highlighter.linesPaired
        _ = try storage.replaceCharacters(in: 4..<4, unit: .utf8, with: "xy")
        #expect(highlighter.linesPaired - paired == 1)
        _ = storage.takeAttributeChanges()
        // A matched pair typed in one go changes no other line either.
        _ = try storage.replaceCharacters(in: 30..<30, unit: .utf8, with: "(z)")
        #expect(highlighter.linesPaired - paired == 2)
    }

    @Test func aPairsPartnerIsFoundFromEitherBracketAndAnUnclosedBracketHasNone() throws {
        let grammar = try HighlightingFixtures.grammar("JavaScript.tmLanguage.json")
        let text = "a(b[c], \")\") {\n  d(\n}\n"
        let (storage, highlighter) = try Self.highlighted(text, grammar: grammar)
        defer { withExtendedLifetime(storage) {} }
        func partner(_ offset: Int) -> Int?? {
            guard let pair = highlighter.bracketPair(at: UTF8Offset(offset)) else { return nil }
            return .some(pair.partner?.lowerBound.rawValue)
        }
        #expect(partner(1) == .some(11))
        #expect(partner(11) == .some(1))
        #expect(partner(3) == .some(5))
        #expect(partner(9) == nil, "a bracket inside a string is no bracket")
        #expect(partner(13) == .some(20))
        #expect(partner(18) == .some(nil), "`d(` is closed by the outer `}`: it has no partner")
        #expect(partner(0) == nil)
    }

    /// After random edits (several per transaction, slices in between), once settled, the
    /// bracket layer equals the naive model of the final text; a text with brackets after
    /// every check shows the test looked at something.
    @Test(arguments: HighlightingFixtures.grammarFiles)
    func bracketsAfterRandomEditsEqualTheNaiveModel(file: String) throws {
        let grammar = try HighlightingFixtures.grammar(file)
        var generator = SeededGenerator(fallback: 0xB8AC)
        let (storage, highlighter) = try Self.highlighted(
            HighlightingFixtures.sample, grammar: grammar,
            configuration: Self.configuration(window: 4, sliceLineBudget: 3))
        let extra = ["(", ")", "[", "]", "{", "}", "\n", "f(a[0]) {", "}\n", "\"(\"", "// (\n"]
        var checked = 0
        for step in 0..<150 {
            let edits = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                var edit = HighlightingFixtures.randomEdit(of: storage.string, using: &generator)
                if Bool.random(using: &generator) { edit.text += extra.randomElement(using: &generator)! }
                return edit
            }
            _ = try? storage.applyEdits(edits, unit: .utf8)
            if Bool.random(using: &generator) { highlighter.highlightNextSlice() }
            guard step % 5 == 4 else { continue }
            highlighter.highlightAll()
            let model = Self.model(storage.string, grammar: grammar)
            #expect(
                Self.layer(storage, splitBy: model) == model, "seed \(generator.seed) step \(step) \(file)")
            if model.contains(where: { $0.depth > 0 }) { checked += 1 }
        }
        #expect(checked > 10, "most texts had nested brackets")
    }
}
