import Foundation

/// The benchmark documents of the shared data set and the VS Code grammars they are named
/// after, for tests that pin or compare their tokens (documents not on the machine are
/// skipped by those tests).
public enum BenchmarkFiles {
    /// The folder holding the documents and grammars.
    public static let folder = TestData.root.appendingPathComponent("benchmark").path

    /// A document and its grammar file, both in ``folder``.
    public struct Document: Sendable {
        public var document: String
        public var grammar: String
    }

    /// Every benchmark document.
    public static let cases: [Document] = [
        Document(document: "large.js", grammar: "JavaScript.tmLanguage.json"),
        Document(document: "large.min.js", grammar: "JavaScript.tmLanguage.json"),
        Document(document: "minified.js", grammar: "JavaScript.tmLanguage.json"),
        Document(document: "bootstrap.css", grammar: "css.tmLanguage.json"),
        Document(document: "bootstrap.min.css", grammar: "css.tmLanguage.json"),
        Document(document: "main.08642f99.css", grammar: "css.tmLanguage.json"),
        Document(document: "vscode.d.ts", grammar: "TypeScript.tmLanguage.json"),
    ]
}
