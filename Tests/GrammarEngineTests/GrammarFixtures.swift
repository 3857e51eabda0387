import Foundation
import GrammarEngine

/// Builds grammars from inline JSON for tests.
enum GrammarFixtures {
    static func raw(_ json: String) throws -> RawGrammar {
        try RawGrammar(RawValue.parse(Data(json.utf8), format: .json))
    }

    static func grammar(
        _ json: String, others: [String] = [], configuration: Grammar.Configuration = .init()
    ) throws -> Grammar {
        let root = try raw(json)
        var byScope: [String: RawGrammar] = [root.scopeName: root]
        for other in others {
            let grammar = try raw(other)
            byScope[grammar.scopeName] = grammar
        }
        let table = byScope
        return Grammar(root, sources: .init(grammar: { table[$0] }), configuration: configuration)
    }

    /// Each token of a line as (text, innermost scope), for compact expectations.
    static func tokens(_ grammar: Grammar, _ line: String, state: RuleStack? = nil) -> [(String, String)] {
        let result = grammar.tokenizeLine(line, state: state)
        let bytes = Array(line.utf8)
        return result.tokens.enumerated().map { index, token in
            let end = min(
                index + 1 < result.tokens.count ? result.tokens[index + 1].start : bytes.count, bytes.count)
            return (
                String(decoding: bytes[min(token.start, end)..<end], as: UTF8.self), token.scopes.scopeName
            )
        }
    }
}
