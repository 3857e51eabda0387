import TextRope

/// Folding by indentation, for languages whose blocks are their indentation (Python, YAML:
/// VS Code's `offSide` languages) and for plain text: a line with more indented lines after it
/// folds over them, blank lines inside included and blank lines at the end left out.
enum IndentationRegions {
    /// The regions of `text` as (first line, last line), in order of first lines. Tabs count
    /// as `tabSize` columns. O(lines): one pass with a stack of the open lines.
    static func regions(of text: TextBuffer, tabSize: Int = 4) -> [(start: LineIndex, end: LineIndex)] {
        var result: [(start: LineIndex, end: LineIndex)] = []
        // Lines whose region is still open, with their indentation; the last non-blank line.
        var open: [(line: LineIndex, indent: Int)] = []
        var lastContent: LineIndex?
        for line in text.lines {
            guard let indent = indentation(of: line, in: text, tabSize: tabSize) else { continue }
            while let top = open.last, top.indent >= indent {
                open.removeLast()
                if let end = lastContent, end > top.line { result.append((top.line, end)) }
            }
            open.append((line, indent))
            lastContent = line
        }
        while let top = open.popLast() {
            if let end = lastContent, end > top.line { result.append((top.line, end)) }
        }
        return result.sorted { $0.start < $1.start }
    }

    /// The indentation of a line in columns, or nil for a blank line.
    static func indentation(of line: LineIndex, in text: TextBuffer, tabSize: Int) -> Int? {
        guard let bounds = try? text.lineBounds(line) else { return nil }
        var columns = 0
        var offset = bounds.start
        while offset < bounds.contentEnd, let byte = text.byte(at: offset) {
            switch byte {
            case UInt8(ascii: " "): columns += 1
            case UInt8(ascii: "\t"): columns += tabSize - columns % tabSize
            default: return columns
            }
            offset += 1
        }
        return nil
    }

    /// The language ids VS Code folds by indentation (`folding.offSide` in their language
    /// configurations), for languages whose definition gives no configuration: their grammars
    /// begin no rule per block.
    static let offSideLanguages: Set<String> = [
        "python", "yaml", "coffeescript", "pug", "jade", "sass", "stylus", "nim", "fsharp", "haml", "slim",
        "elm",
    ]
}
