import GrammarEngine
import TestSupport
import Testing

/// The injections kept per scope stack (`SearchShortcuts.injectionMemo`) are the ones matching
/// every selector against the whole path finds: Markdown, whose fenced-code injection stays
/// out of fences, raw text and comments, tokenizes random documents of nested block quotes,
/// fences, code spans and comments the same with the memo as without it, whole and line by
/// line.
@Suite struct InjectionMemoTests {
    static let pieces = [
        "> ", ">", ">>>>", String(repeating: ">", count: 300), "text ", "`code` ", "``` ", "```js", "```rust",
        "```memotest", "42 ",
        "let x = 1; ", "<!-- note ", "--> ", "**bold** ", "- item ", "# title ", "    indented ", "~~~ ",
    ]

    /// Markdown with the fence injection (`MarkdownFences`), which has a rule for a language
    /// the Markdown grammar does not name: `memotest`, a grammar of numbers.
    /// The registry is returned too: the grammar reaches embedded grammars through it, and
    /// holds it only weakly.
    static func grammar(_ shortcuts: SearchShortcuts) throws -> (Grammar, GrammarRegistry) {
        var configuration = Grammar.Configuration()
        configuration.lineTimeBudget = nil
        configuration.shortcuts = shortcuts
        let registry = BundledGrammars(grammarsDirectory: BundledGrammarsUnderTest.grammarsDirectory)
            .makeRegistry(configuration: configuration).registry
        let numbers =
            #"{"scopeName": "source.memotest", "name": "MemoTest", "fileTypes": ["memotest"], "#
            + #""patterns": [{"match": "\\d+", "name": "constant.numeric.memotest"}]}"#
        registry.register(try RawGrammar(bytes: Array(numbers.utf8), path: "memotest.json"))
        MarkdownFences.register(in: registry)
        return (try registry.grammar(forLanguage: "markdown"), registry)
    }

    @Test func theFenceInjectionAppliesInAQuoteAndNotInAComment() throws {
        let (grammar, registry) = try Self.grammar(.all)
        let text = "> ```memotest\n> 42\n> ```\n\n<!--\n```memotest\n43\n```\n-->\n"
        let tokens = grammar.tokenizeDocument(text)
        let bytes = Array(text.utf8)
        func scopes(of word: String) -> [String] {
            let start = (0...(bytes.count - word.utf8.count)).first {
                bytes[$0..<$0 + word.utf8.count].elementsEqual(word.utf8)
            }!
            return tokens.first { $0.range.contains(start) }?.scopes ?? []
        }
        #expect(scopes(of: "42").contains("constant.numeric.memotest"), "\(scopes(of: "42"))")
        #expect(!scopes(of: "43").contains("constant.numeric.memotest"), "\(scopes(of: "43"))")
        withExtendedLifetime(registry) {}
    }

    /// A fence with a language inside a plain fence and inside a comment, where the injection
    /// does not apply, and in a block quote, where it does: at the top and 300 quotes deep.
    static let fencesInsideOthers: [[String]] = {
        let inner = ["```memotest", "x = 1", "```"]
        let bodies = [["```"] + inner + ["```"], ["<!--"] + inner + ["-->"], inner]
        return [0, 1, 300].flatMap { depth in
            bodies.map { body in body.map { String(repeating: "> ", count: depth) + $0 } }
        }
    }()

    @Test func markdownTokensAreTheSameWithTheMemoAsWithout() throws {
        let (withMemo, registryWithMemo) = try Self.grammar(.all)
        let (without, registryWithout) = try Self.grammar(SearchShortcuts.all.subtracting(.injectionMemo))
        var generator = SeededGenerator(seed: 29)
        let random = (0..<20).map { _ in
            (0..<40).map { _ in
                (0..<Int.random(in: 0..<6, using: &generator)).map { _ in
                    Self.pieces.randomElement(using: &generator)!
                }.joined()
            }
        }
        for lines in Self.fencesInsideOthers + random {
            let text = lines.joined(separator: "\n") + "\n"
            let expected = without.tokenizeDocument(text, jobs: 1)
            let actual = withMemo.tokenizeDocument(text, jobs: 1)
            #expect(actual.map(\.range) == expected.map(\.range))
            #expect(actual.map(\.scopes) == expected.map(\.scopes))
            var states: (RuleStack?, RuleStack?) = (nil, nil)
            for line in lines {
                let memoLine = withMemo.tokenizeLine(line, state: states.0)
                let plainLine = without.tokenizeLine(line, state: states.1)
                #expect(memoLine.tokens.map(\.start) == plainLine.tokens.map(\.start), "\(line)")
                #expect(memoLine.tokens.map(\.scopes.scopeNames) == plainLine.tokens.map(\.scopes.scopeNames))
                states = (memoLine.endState, plainLine.endState)
            }
        }
        withExtendedLifetime((registryWithMemo, registryWithout)) {}
    }
}
