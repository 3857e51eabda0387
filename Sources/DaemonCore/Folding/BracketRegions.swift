import DocumentStorage
import TextRope

/// The lines each multi-line bracket pair spans, from the storage's bracket layer: a block in
/// braces folds even where the grammar matches its braces one by one rather than with a
/// begin/end rule (C after a macro the grammar does not know, many grammars' object literals
/// and argument lists).
enum BracketRegions {
    /// (opening bracket's line, closing bracket's line) of every pair whose brackets are on
    /// different lines, in order of opening lines. A pair's brackets share a depth: a closing
    /// bracket at depth d closes the innermost opening bracket still open at depth d.
    static func regions(of storage: TextStorage) -> [(start: LineIndex, end: LineIndex)] {
        let text = storage.text
        var open: [(depth: Int32, line: LineIndex)] = []
        var result: [(start: LineIndex, end: LineIndex)] = []
        for bracket in storage.brackets(in: text.utf8Range) where !bracket.mark.isUnexpected {
            let line = text.lineIndex(containingUTF8: bracket.range.lowerBound)
            if bracket.mark.isOpen {
                open.append((bracket.mark.depth, line))
                continue
            }
            while let top = open.last, top.depth > bracket.mark.depth { open.removeLast() }
            guard let top = open.last, top.depth == bracket.mark.depth else { continue }
            open.removeLast()
            if line > top.line { result.append((top.line, line)) }
        }
        return result.sorted { $0.start < $1.start }
    }
}
