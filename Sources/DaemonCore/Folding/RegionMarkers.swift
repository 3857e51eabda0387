import GrammarEngine
import TextRope

/// Regions between marker lines, such as `// #region` and `// #endregion`, as a language
/// configuration's `folding.markers` name them: each end marker closes the nearest open start
/// marker; a start never closed and an end that closes nothing fold nothing.
enum RegionMarkers {
    /// The regions of `text` as (start marker line, end marker line), in order of start lines.
    /// O(lines): every line is matched against both patterns at most once.
    static func regions(of text: TextBuffer, start: Pattern, end: Pattern) -> [(
        start: LineIndex, end: LineIndex
    )] {
        var result: [(start: LineIndex, end: LineIndex)] = []
        var open: [LineIndex] = []
        for line in text.lines {
            guard let bounds = try? text.lineBounds(line) else { continue }
            var content = text.substring(bounds.start..<bounds.contentEnd)
            if content.withUTF8({ start.firstMatch(in: $0, from: 0) != nil }) {
                open.append(line)
            } else if content.withUTF8({ end.firstMatch(in: $0, from: 0) != nil }), let first = open.popLast()
            {
                result.append((first, line))
            }
        }
        return result.sorted { $0.start < $1.start }
    }
}
