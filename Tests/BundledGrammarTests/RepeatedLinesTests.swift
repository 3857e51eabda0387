import Foundation
import GrammarEngine
import TestSupport
import Testing

/// A whole document reuses the tokens of a line it has already tokenized from the same state
/// (`LineMemo`); the tokens must still be those of tokenizing every line, one after the other,
/// with the public `tokenizeLine`, which remembers nothing.
@Suite struct RepeatedLinesTests {
    /// The document's tokens from tokenizing each line in turn, the terminator joining the
    /// last token of its line; nothing shared with the document path but `tokenizeLine`.
    static func lineByLine(_ text: String, grammar: Grammar) -> [DocumentToken] {
        var tokens: [DocumentToken] = []
        var state: RuleStack?
        var lineStart = 0
        var rest = Substring(text)
        // Characters, not bytes: "\r\n" is one Character, so a line ends at the first newline
        // Character whatever its spelling (the texts here use no other newline characters).
        while !rest.isEmpty {
            let breakIndex = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let content = Array(rest[..<breakIndex].utf8)
            let terminator = breakIndex < rest.endIndex ? rest[breakIndex].utf8.count : 0
            let lineEnd = lineStart + content.count + terminator
            let tokenization = content.withUnsafeBufferPointer {
                grammar.tokenizeLine(utf8: $0, state: state)
            }
            state = tokenization.endState
            let starts = tokenization.tokens.map { lineStart + $0.start } + [lineEnd]
            for (index, token) in tokenization.tokens.enumerated() where starts[index + 1] > starts[index] {
                tokens.append(
                    DocumentToken(range: starts[index]..<starts[index + 1], scopes: token.scopes.scopeNames))
            }
            lineStart = lineEnd
            rest = breakIndex < rest.endIndex ? rest[rest.index(after: breakIndex)...] : ""
        }
        return tokens
    }

    static func expectSameAsLineByLine(_ text: String, grammar: Grammar, label: String) {
        let expected = lineByLine(text, grammar: grammar)
        let tokens = grammar.tokenizeDocument(text, jobs: 1)
        guard tokens != expected else { return }
        let first =
            zip(tokens, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(tokens.count, expected.count)
        Issue.record(
            "\(label): token \(first) differs: \(first < tokens.count ? "\(tokens[first])" : "none") against \(first < expected.count ? "\(expected[first])" : "none")"
        )
    }

    @Test func theSameLineInsideACommentAndInCodeKeepsItsOwnTokens() throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "javascript")
        let line = "\tvalue = compute(1, \"text\");\n"
        let text = line + line + "/*\n" + line + line + "*/\n" + line + "`\n" + line + "`;\n" + line
        Self.expectSameAsLineByLine(text, grammar: grammar, label: "comment and template")
    }

    @Test func theSameTextWithAnotherTerminatorKeepsItsOwnLastToken() throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "javascript")
        let line = "\tcall(a, b);"
        let text = [line + "\n", line + "\r\n", line + "\r", line + "\n", line + "\r\n", line].joined()
        Self.expectSameAsLineByLine(text, grammar: grammar, label: "terminators")
    }

    @Test(arguments: 0..<6)
    func randomDocumentsOfRepeatedLinesTokenizeAsLineByLine(seed: UInt64) throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "javascript")
        var generator = SeededGenerator(seed: seed)
        // The last line has no terminator.
        let text =
            RandomJavaScript.document(
                atLeast: 20_000, terminators: ["\n", "\n", "\n", "\r\n", "\r"], using: &generator)
            + RandomJavaScript.lines.randomElement(using: &generator)!
        Self.expectSameAsLineByLine(text, grammar: grammar, label: "seed \(seed)")
    }

    @Test func theShellGrammarsHeredocsRepeatLinesInManyStates() throws {
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: "shellscript")
        let body = "echo \"$HOME\" 'x' $((1 + 2))\n"
        let text =
            body + "cat <<EOF\n" + body + body + "EOF\n" + body + "cat <<-END\n" + body + "END\n" + body
        Self.expectSameAsLineByLine(text, grammar: grammar, label: "heredocs")
    }
}
