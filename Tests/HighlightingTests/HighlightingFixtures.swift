import DocumentStorage
import Foundation
import GrammarEngine
import Highlighting
import ResourceFiles
import TestSupport
import ThemeEngine

/// Grammars, theme and random code edits for the highlighting tests.
enum HighlightingFixtures {
    /// The benchmark grammars (vscode-textmate's), by file name.
    static let grammarFiles = [
        "JavaScript.tmLanguage.json", "TypeScript.tmLanguage.json", "css.tmLanguage.json",
    ]

    /// A compiled benchmark grammar (loaded once per process).
    static func grammar(_ file: String) throws -> Grammar {
        try cache.grammar(file)
    }

    /// The project's dark theme in a fresh style table.
    static func styles() throws -> StyleTable {
        let locator = ResourceLocator(
            environment: [:], executableURL: nil, workingDirectory: TestData.projectRoot)
        return StyleTable(theme: try Theme.builtIn(named: "dark", locator: locator))
    }

    /// Code fragments that open and close multi-line constructs of all three grammars.
    static let fragments: [String] = [
        "/*", "*/", "/* note */", "`", "${", "}", "{", "\"", "'", "//", "// c\n", "\n", "\n", "\r\n", "\r",
        "a", "x = 1;", " ", "function f(a) {", "return `t ${x}`;", "let s = 'q';", "\\", "1.5", "@media {",
        "color: red;", ".a { b: c }", "url(", ")", "<div>", "class C {}", "interface I { x: number }",
        "é", "日本", "😀", "'ß'",
    ]

    /// A starting document mixing the fragments' constructs.
    static let sample = """
        // A sample with multi-line constructs.
        /* block
           comment */
        function greet(name) {
            const t = `hello ${name}
        and more ${1 + 2}`;
            return t; // done
        }
        .card { color: red; /* css
        comment */ }
        class Box { constructor(v) { this.v = v } }
        let s = "str\\"ing";\r\nlet r = /re+gex/g;\rvar n = 0x1F;
        """

    /// A random edit of `text` (UTF-8 offsets on scalar boundaries; may split a `\\r\\n`, which the
    /// storage rejects).
    static func randomEdit(of text: String, using generator: inout SeededGenerator) -> TextEdit {
        let bytes = Array(text.utf8)
        let boundaries = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
        let lower = boundaries.randomElement(using: &generator)!
        let maxLength = Int.random(in: 0...3, using: &generator) == 0 ? 40 : 4
        let upperCandidates = boundaries.filter { $0 >= lower && $0 <= lower + maxLength }
        let upper = Bool.random(using: &generator) ? lower : upperCandidates.randomElement(using: &generator)!
        var inserted = ""
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            inserted += fragments.randomElement(using: &generator)!
        }
        return TextEdit(location: lower, length: upper - lower, text: inserted)
    }

    /// The from-scratch runs inside `range` (offsets of the text).
    static func clip(_ runs: [AttributeRun<StyleID>], to range: Range<Int>) -> [AttributeRun<StyleID>] {
        var result: [AttributeRun<StyleID>] = []
        var position = 0
        for run in runs {
            let lower = max(position, range.lowerBound)
            let upper = min(position + run.length, range.upperBound)
            if lower < upper { result.append(AttributeRun(length: upper - lower, value: run.value)) }
            position += run.length
        }
        return ReferenceHighlight.normalized(result)
    }

    private static let cache = GrammarCache()
}

/// Compiled grammars shared by the tests of one process.
private final class GrammarCache: @unchecked Sendable {
    private let lock = NSLock()
    private var grammars: [String: Grammar] = [:]

    func grammar(_ file: String) throws -> Grammar {
        lock.lock()
        defer { lock.unlock() }
        if let known = grammars[file] { return known }
        let registry = GrammarRegistry()
        let raw = try registry.load(contentsOf: TestData.url("benchmark/\(file)"))
        let grammar = try registry.grammar(scopeName: raw.scopeName)
        grammars[file] = grammar
        return grammar
    }
}
