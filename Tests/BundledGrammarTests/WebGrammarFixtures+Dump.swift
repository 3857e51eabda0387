import Foundation
import GrammarEngine
import Testing

/// A development aid: prints the tokens of a file, one per line, when `WEB_GRAMMAR_DUMP`
/// names it and `WEB_GRAMMAR_SCOPE` names the root scope.
@Suite struct WebGrammarDump {
    static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["WEB_GRAMMAR_DUMP"] != nil, "set WEB_GRAMMAR_DUMP to a file"))
    func printsTokensOfTheNamedFile() throws {
        let path = try #require(Self.environment["WEB_GRAMMAR_DUMP"])
        let scope = Self.environment["WEB_GRAMMAR_SCOPE"] ?? "source.js"
        let grammar = try WebGrammars.registry().grammar(scopeName: scope)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tokens = grammar.tokenizeDocument(text)
        let bytes = Array(text.utf8)
        var output = ""
        for token in tokens {
            let piece = String(decoding: bytes[token.range], as: UTF8.self)
            output += "\(piece.debugDescription)  \(token.scopes.dropFirst().joined(separator: " "))\n"
        }
        for failure in grammar.compileAllPatterns() { output += "DISABLED \(failure)\n" }
        try output.write(toFile: path + ".tokens", atomically: true, encoding: .utf8)
    }
}
