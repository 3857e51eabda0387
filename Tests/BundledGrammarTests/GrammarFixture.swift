import Foundation
import GrammarEngine
import Testing

/// The project's bundled grammars, loaded once for all tests from the `Grammars/` folder next
/// to `Package.swift` (found from this file, so tests do not depend on the working directory).
enum BundledGrammarsUnderTest {
    /// The project's Grammars folder.
    static let grammarsDirectory: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Grammars", isDirectory: true)
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return candidate
            }
        }
        return URL(fileURLWithPath: "Grammars")
    }()

    /// The folder of fixture documents. Each carries a `.txt` suffix so SwiftPM never treats
    /// a fixture (`sample.swift`, `sample.c`) as a source file of the test target.
    static let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A registry with every bundled grammar, and its loading report.
    static let loaded = BundledGrammars(grammarsDirectory: grammarsDirectory).makeRegistry()

    /// The shared registry.
    static var registry: GrammarRegistry { loaded.registry }
}

/// A position in a fixture to check, written as the surrounding text with the checked part
/// between `«` and `»` (`"let «mut» x"`), and the scope every token of that part must carry.
///
/// A scope matches as a TextMate selector does: `keyword.control` matches
/// `keyword.control.rust`, not `keyword.controlled`.
struct ScopeProbe: Sendable, CustomTestStringConvertible {
    /// The context with the marked part.
    var context: String
    /// The expected scope (a dotted prefix of one of the token's scopes).
    var scope: String
    /// Whether the scope must be absent instead.
    var isAbsent = false

    init(_ context: String, _ scope: String) {
        self.context = context
        self.scope = scope
    }

    /// A probe that the marked part does not carry `scope`.
    static func without(_ context: String, _ scope: String) -> ScopeProbe {
        var probe = ScopeProbe(context, scope)
        probe.isAbsent = true
        return probe
    }

    var testDescription: String { "\(context) \(isAbsent ? "lacks" : "has") \(scope)" }

    /// The context without markers, and the marked part as a UTF-8 range inside it.
    var located: (text: String, marked: Range<Int>) {
        let open = context.range(of: "«")
        let close = context.range(of: "»")
        guard let open, let close else { return (context, 0..<context.utf8.count) }
        let before = context[..<open.lowerBound]
        let inside = context[open.upperBound..<close.lowerBound]
        let after = context[close.upperBound...]
        let start = before.utf8.count
        return (String(before + inside + after), start..<start + inside.utf8.count)
    }
}

/// A fixture document tokenized by a bundled grammar.
struct GrammarFixture: Sendable {
    /// The fixture's text.
    var text: String
    /// The tokens of the whole document.
    var tokens: [DocumentToken]
    /// The grammar's state after the last line.
    var endStateDepth: Int
    /// The state depth before the first line.
    var initialDepth: Int
    /// Patterns that were disabled while tokenizing.
    var diagnostics: [GrammarError]

    /// Reads `Fixtures/<file>` and tokenizes it with the grammar for `language`.
    init(_ file: String, language: String) throws {
        let url = BundledGrammarsUnderTest.fixturesDirectory.appendingPathComponent(file)
        text = try String(contentsOf: url, encoding: .utf8)
        let grammar = try BundledGrammarsUnderTest.registry.grammar(forLanguage: language)
        tokens = grammar.tokenizeDocument(text)
        var state: RuleStack?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            state = grammar.tokenizeLine(String(line), state: state).endState
        }
        endStateDepth = state?.depth ?? grammar.initialState.depth
        initialDepth = grammar.initialState.depth
        diagnostics = grammar.diagnostics
    }

    /// The scopes of the token at the first byte of the marked part of `context`.
    func scopes(at context: String) -> [String]? {
        let (text, marked) = ScopeProbe(context, "").located
        guard let found = self.text.range(of: text) else { return nil }
        let offset =
            self.text.utf8.distance(from: self.text.utf8.startIndex, to: found.lowerBound) + marked.lowerBound
        return tokens.first { $0.range.contains(offset) }?.scopes
    }

    /// Whether `scopes` holds `selector` or a scope below it.
    static func contains(_ scopes: [String], _ selector: String) -> Bool {
        scopes.contains { $0 == selector || $0.hasPrefix(selector + ".") }
    }

    /// Checks one probe, recording an issue when the context is absent or a token of the
    /// marked part does not carry (or carries) the scope.
    func check(_ probe: ScopeProbe, sourceLocation: SourceLocation = #_sourceLocation) {
        let (context, marked) = probe.located
        guard let found = text.range(of: context) else {
            Issue.record(
                "context not in fixture: \(context.debugDescription)", sourceLocation: sourceLocation)
            return
        }
        let base = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
        let range = (base + marked.lowerBound)..<(base + marked.upperBound)
        let covering = tokens.filter { $0.range.overlaps(range) }
        #expect(!covering.isEmpty, "no token covers \(probe.context)", sourceLocation: sourceLocation)
        for token in covering {
            let piece = String(decoding: Array(text.utf8)[token.range], as: UTF8.self)
            let has = Self.contains(token.scopes, probe.scope)
            #expect(
                has != probe.isAbsent,
                "\(piece.debugDescription) in \(probe.context.debugDescription): \(token.scopes)",
                sourceLocation: sourceLocation)
        }
    }
}
