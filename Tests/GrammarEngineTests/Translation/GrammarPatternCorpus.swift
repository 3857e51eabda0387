import Foundation
import TestSupport

/// Every regular expression of the grammars in the shared data: conformance fixtures and the
/// benchmark grammars, JSON and property-list alike.
struct GrammarPatternCorpus {
    /// One pattern and where it comes from.
    struct Entry: CustomStringConvertible {
        /// The grammar file, relative to the data folder.
        var file: String
        /// The key holding it (`match`, `begin`, `end`, `while`, `firstLineMatch`).
        var key: String
        /// The Oniguruma source.
        var pattern: String

        var description: String { "\(file) \(key): \(pattern)" }
    }

    /// The keys whose values are regular expressions.
    static let patternKeys: Set<String> = ["match", "begin", "end", "while", "firstLineMatch"]

    /// The folders holding grammar files, relative to the data folder.
    static let folders = [
        "textmate-conformance/first-mate/fixtures", "textmate-conformance/suite1/fixtures", "benchmark",
    ]

    /// Loads every grammar file in the folders and collects its patterns.
    static func load() throws -> [Entry] {
        var entries: [Entry] = []
        for folder in folders {
            let url = try TestData.url(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            for file in files where isGrammar(file) {
                let data = try Data(contentsOf: url.appendingPathComponent(file))
                guard let root = try? parse(data, named: file) else { continue }
                collect(root, file: folder + "/" + file, into: &entries)
            }
        }
        return entries
    }

    /// Whether a file name looks like a grammar.
    static func isGrammar(_ name: String) -> Bool {
        name.hasSuffix(".json") || name.hasSuffix(".tmLanguage") || name.hasSuffix(".plist")
    }

    /// Reads JSON or a property list.
    static func parse(_ data: Data, named name: String) throws -> Any {
        if name.hasSuffix(".json") { return try JSONSerialization.jsonObject(with: data) }
        return try PropertyListSerialization.propertyList(from: data, format: nil)
    }

    /// Walks dictionaries and arrays, taking string values of the pattern keys.
    static func collect(_ value: Any, file: String, into entries: inout [Entry]) {
        if let dictionary = value as? [String: Any] {
            for (key, child) in dictionary.sorted(by: { $0.key < $1.key }) {
                if patternKeys.contains(key), let pattern = child as? String {
                    entries.append(Entry(file: file, key: key, pattern: pattern))
                } else {
                    collect(child, file: file, into: &entries)
                }
            }
        } else if let array = value as? [Any] {
            for child in array { collect(child, file: file, into: &entries) }
        }
    }

    /// Substitutes back-references the way vscode-textmate does before compiling an `end` or
    /// `while` pattern, here with a fixed begin capture.
    static func substitutingBackReferences(in pattern: String) -> String {
        pattern.replacingOccurrences(of: #"\\[0-9]+"#, with: "x", options: .regularExpression)
    }
}
