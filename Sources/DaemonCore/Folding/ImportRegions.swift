import DocumentStorage
import Highlighting
import TextRope

/// Runs of consecutive import lines (`import …`, `use …;`, `#include …`, `from x import y`),
/// folded as LSP's `imports` kind.
///
/// A line is an import when its first token is: its scopes name an import or include
/// (`keyword.control.import.js`, `meta.import.js`, `meta.preprocessor.include.c`), or it is
/// the keyword `use`, `using` or `from` (Rust's `use` is scoped `keyword.other.rust`). Only
/// lines whose first word could be one are tokenized again to look.
enum ImportRegions {
    static let candidateWords: Set<Substring> = [
        "import", "from", "use", "using", "include", "#include", "#import", "@import",
    ]

    /// (first line, last line) of every run of two or more consecutive import lines.
    static func regions(of storage: TextStorage, highlighter: SyntaxHighlighter) -> [(
        start: LineIndex, end: LineIndex
    )] {
        let text = storage.text
        var result: [(start: LineIndex, end: LineIndex)] = []
        var runStart: LineIndex?
        var last: LineIndex?
        for line in text.lines {
            guard isImport(line, storage: storage, highlighter: highlighter) else {
                if let first = runStart, let end = last, end > first { result.append((first, end)) }
                runStart = nil
                continue
            }
            if runStart == nil { runStart = line }
            last = line
        }
        if let first = runStart, let end = last, end > first { result.append((first, end)) }
        return result
    }

    private static func isImport(_ line: LineIndex, storage: TextStorage, highlighter: SyntaxHighlighter)
        -> Bool
    {
        guard let bounds = try? storage.text.lineBounds(line) else { return false }
        let head = storage.text.substring(bounds.start..<min(bounds.contentEnd, bounds.start + 64))
        let indent = head.prefix { $0 == " " || $0 == "\t" }
        let word = head.dropFirst(indent.count).prefix { $0.isLetter || $0 == "#" || $0 == "@" || $0 == "_" }
        guard candidateWords.contains(word) else { return false }
        guard
            let token = highlighter.token(
                atLine: line, utf8Column: indent.utf8.count, storage: storage)
        else { return false }
        let words = token.scopes.flatMap { $0.split { !($0.isLetter || $0.isNumber || $0 == "_") } }
        if words.contains("import") || words.contains("include") { return true }
        return ["use", "using", "from"].contains(word) && token.scopes.contains { $0.hasPrefix("keyword") }
    }
}
