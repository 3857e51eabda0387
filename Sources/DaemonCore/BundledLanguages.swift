import Foundation
import GrammarEngine

/// Registers the grammars that ship in `Grammars/Languages/`, with the language ids of
/// `Grammars/languages.json`.
public enum BundledLanguages {
    /// One manifest entry.
    struct Language: Decodable {
        var id: String
        var scopeName: String
        var grammar: String
    }

    struct Manifest: Decodable {
        var languages: [Language]
    }

    /// Loads each grammar of the manifest once, with all its language ids; returns what
    /// failed (a missing or broken file does not stop the others).
    public static func register(in registry: GrammarRegistry, grammarsDirectory: URL) -> [String] {
        let manifestURL = grammarsDirectory.appendingPathComponent("languages.json")
        guard let data = try? Data(contentsOf: manifestURL) else { return [] }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            return ["\(manifestURL.path): \(error)"]
        }
        var problems: [String] = []
        let byFile = Dictionary(grouping: manifest.languages, by: \.grammar)
        for (file, languages) in byFile.sorted(by: { $0.key < $1.key }) {
            let url = grammarsDirectory.appendingPathComponent("Languages").appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do {
                try registry.load(contentsOf: url, languageIds: languages.map(\.id))
            } catch {
                problems.append("\(error)")
            }
        }
        return problems
    }
}
