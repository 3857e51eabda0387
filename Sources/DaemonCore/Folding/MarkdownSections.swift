import TextRope

/// Markdown's sections, for folding: from each ATX heading (`#` to `######` after at most
/// three spaces, then a space or the line's end) to the last non-blank line before the next
/// heading of the same or a higher level. A `#` line inside fenced code or another multi-line
/// construct (a region of the grammar's state) is not a heading.
enum MarkdownSections {
    static func regions(
        of text: TextBuffer, inside regions: [(start: LineIndex, end: LineIndex)]
    ) -> [(start: LineIndex, end: LineIndex)] {
        // Lines strictly inside a region (after its first line), found by one sweep.
        var covered = Set<LineIndex>()
        for region in regions where region.end > region.start {
            for line in (region.start + 1)...region.end { covered.insert(line) }
        }
        var result: [(start: LineIndex, end: LineIndex)] = []
        var open: [(line: LineIndex, level: Int)] = []
        var lastContent: LineIndex?
        func close(atLeast level: Int) {
            while let top = open.last, top.level >= level {
                open.removeLast()
                if let end = lastContent, end > top.line { result.append((top.line, end)) }
            }
        }
        for line in text.lines {
            guard let bounds = try? text.lineBounds(line) else { continue }
            let content = text.substring(bounds.start..<bounds.contentEnd)
            if !covered.contains(line), let level = headingLevel(content) {
                close(atLeast: level)
                open.append((line, level))
            }
            if content.contains(where: { !$0.isWhitespace }) { lastContent = line }
        }
        close(atLeast: 1)
        return result.sorted { $0.start < $1.start }
    }

    /// The level of an ATX heading line, or nil for any other line.
    static func headingLevel(_ line: String) -> Int? {
        let afterIndent = line.drop { $0 == " " }
        guard line.count - afterIndent.count <= 3 else { return nil }
        let hashes = afterIndent.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = afterIndent.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " || rest.first == "\t" ? hashes : nil
    }
}
