import Foundation
import GrammarEngine

/// A scope a fixture must have at a piece of its text.
struct ScopeExpectation: Sendable, CustomStringConvertible {
    /// The text to find in the fixture.
    var text: String
    /// Which occurrence of `text` (1 is the first).
    var occurrence: Int
    /// A scope every token over `text` must carry, or a prefix of one ending at a dot.
    var scope: String
    /// The part of `text` to check, when `text` only locates it; nil checks all of `text`.
    var part: String?

    var description: String {
        "\(scope) at \((part ?? text).debugDescription) in \(text.debugDescription) #\(occurrence)"
    }
}

/// A sample file of one language and the scopes expected in it.
struct WebFixture: Sendable, CustomStringConvertible {
    /// The file's name in `WebFixtures/`.
    var file: String
    /// The root scope of the grammar that tokenizes it.
    var scopeName: String
    /// The scopes asserted at chosen positions.
    var expectations: [ScopeExpectation]

    var description: String { file }
}

/// Builds an expectation: the first appearance of `text` carries `scope`.
func at(_ text: String, _ scope: String) -> ScopeExpectation {
    ScopeExpectation(text: text, occurrence: 1, scope: scope)
}

/// Builds an expectation: the `occurrence`th appearance of `text` carries `scope`.
func at(_ text: String, _ occurrence: Int, _ scope: String) -> ScopeExpectation {
    ScopeExpectation(text: text, occurrence: occurrence, scope: scope)
}

/// Builds an expectation: `part`, found inside the first appearance of `text`, carries `scope`.
func within(_ text: String, _ part: String, _ scope: String) -> ScopeExpectation {
    ScopeExpectation(text: text, occurrence: 1, scope: scope, part: part)
}

/// The web grammars of this project, loaded from `Grammars/Languages/` next to the sources.
enum WebGrammars {
    /// Grammar file names (without `.tmLanguage.json`) and their root scopes.
    static let scopes: [(file: String, scopeName: String)] = [
        ("javascript", "source.js"), ("typescript", "source.ts"), ("json", "source.json"),
        ("jsonc", "source.json.comments"), ("html", "text.html.basic"), ("css", "source.css"),
        ("svelte", "source.svelte"), ("markdown", "text.html.markdown"),
    ]

    private static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The folder holding the grammar files.
    static let languagesFolder = testsFolder.appendingPathComponent("../../Grammars/Languages")
        .standardizedFileURL

    /// The folder holding the fixtures.
    static let fixturesFolder = testsFolder.appendingPathComponent("WebFixtures")

    /// The URL of a grammar file.
    static func url(_ file: String) -> URL {
        languagesFolder.appendingPathComponent("\(file).tmLanguage.json")
    }

    /// A registry holding every web grammar, so embedded languages resolve to one another.
    static func registry() throws -> GrammarRegistry {
        let registry = GrammarRegistry()
        for (file, _) in scopes {
            try registry.load(contentsOf: url(file))
        }
        return registry
    }

    /// The scopes of the token at each UTF-8 byte of `range`.
    static func scopes(in tokens: [DocumentToken], over range: Range<Int>) -> [[String]] {
        tokens.filter { $0.range.overlaps(range) }.map(\.scopes)
    }

    /// The UTF-8 byte range an expectation checks in `document`.
    static func range(of expectation: ScopeExpectation, in document: String) -> Range<Int>? {
        guard let found = range(of: expectation.text, occurrence: expectation.occurrence, in: document)
        else { return nil }
        guard let part = expectation.part else { return found }
        let context = String(decoding: Array(document.utf8)[found], as: UTF8.self)
        guard let inner = range(of: part, occurrence: 1, in: context) else { return nil }
        return (found.lowerBound + inner.lowerBound)..<(found.lowerBound + inner.upperBound)
    }

    /// The UTF-8 byte range of the `occurrence`th appearance of `text` in `document`.
    static func range(of text: String, occurrence: Int, in document: String) -> Range<Int>? {
        var searchStart = document.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let next = document.range(of: text, range: searchStart..<document.endIndex) else {
                return nil
            }
            found = next
            searchStart = next.upperBound
        }
        guard let found else { return nil }
        let start = document.utf8.distance(from: document.startIndex, to: found.lowerBound)
        return start..<(start + document.utf8.distance(from: found.lowerBound, to: found.upperBound))
    }

    /// Whether `scopes` holds `expected` itself or a scope it is a dotted prefix of.
    static func contains(_ scopes: [String], _ expected: String) -> Bool {
        scopes.contains { $0 == expected || $0.hasPrefix(expected + ".") }
    }
}
