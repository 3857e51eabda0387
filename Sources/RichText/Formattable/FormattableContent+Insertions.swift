extension FormattableContent {
    /// The range kind that inserts text: a notification icon inserts its `value` (the glyph)
    /// at its start, as the reference design's `NoticonRange.apply` does.
    public static let noticonKind = "noticon"

    /// The content as rendered: every notification-icon glyph inserted into the text and
    /// every range shifted by what was inserted before it (UTF-16 indices).
    ///
    /// The reference design applies ranges in order and adds the running shift to each later
    /// range; inserting into an attributed string also moves what was already applied. Both
    /// come to this, which does not depend on the ranges' order: a start moves by the glyphs
    /// inserted at or before it, an end by those inserted before it (a glyph inserted where a
    /// range ends falls outside it), and an icon's range covers its own glyph.
    public func applyingInsertions() -> FormattableContent {
        let insertions: [(index: Int, at: Int, glyph: [UInt16])] = ranges.enumerated().compactMap {
            index, range in
            guard range.type == Self.noticonKind, let glyph = range.fields["value"]?.stringValue else {
                return nil
            }
            return (index, range.indices.lowerBound, Array(glyph.utf16))
        }
        guard !insertions.isEmpty else { return self }
        func shift(_ offset: Int, including: (Int, Int) -> Bool) -> Int {
            offset + insertions.filter { including($0.at, $0.index) }.reduce(0) { $0 + $1.glyph.count }
        }
        var shifted: [FormattableRange] = []
        for (index, range) in ranges.enumerated() {
            var moved = range
            let (start, end) = (range.indices.lowerBound, range.indices.upperBound)
            let own = insertions.first { $0.index == index }
            let lower =
                own == nil
                ? shift(start) { at, _ in at <= start }
                : shift(start) { at, other in at < start || (at == start && other < index) }
            let upper =
                range.indices.isEmpty
                ? lower + (own?.glyph.count ?? 0) : shift(end) { at, _ in at < end }
            moved.indices = lower..<upper
            shifted.append(moved)
        }
        var utf16 = Array(text.utf16)
        for insertion in insertions.sorted(by: { ($0.at, $0.index) > ($1.at, $1.index) }) {
            utf16.insert(contentsOf: insertion.glyph, at: insertion.at)
        }
        return FormattableContent(
            text: String(decoding: utf16, as: UTF16.self), ranges: shifted, otherMembers: otherMembers)
    }
}
