import CICU

/// Soft-wraps text to a number of terminal columns without ever breaking inside an
/// unbreakable span (a link).
///
/// Lines may end only at UAX #14 break opportunities, as ICU's line-break iterator finds
/// them, and always at mandatory breaks (line feeds). Widths are counted per grapheme
/// cluster with ``ColumnWidth``. Spaces at the end of a line hang past the margin, as in
/// UAX #14, so they never force a wrap.
///
/// Unbreakable spans: no line ends strictly inside one. A span wider than the line starts
/// on a new line and, only then, is broken at grapheme-cluster boundaries, filling each line.
/// Text with no break opportunity that is wider than the line (a long word) is likewise
/// broken at grapheme boundaries, and a single grapheme wider than the line sits alone on it.
///
/// All offsets are UTF-16 code units from the text's start (ICU's unit and LSP's default);
/// ``TextOffsets`` converts to and from UTF-8 byte offsets.
public struct LineBreaker: Sendable {
    /// How lines are measured.
    public struct Configuration: Sendable, Hashable {
        /// The widest tab stop: wider values are clamped to it, as values below 1 are to 1. With
        /// it a grapheme adds at most 1,024 columns, so column sums cannot overflow for any input
        /// (a tab width near `Int.max` used to trap). The daemon refuses wider values outright.
        public static let maximumTabWidth = 1_024

        /// Columns between tab stops; a tab advances to the next stop. Always within
        /// `1...maximumTabWidth`: values outside are clamped, here and in the initializer.
        public var tabWidth: Int {
            get { clampedTabWidth }
            set { clampedTabWidth = Self.clamp(newValue) }
        }
        private var clampedTabWidth: Int

        /// Makes a configuration with tab stops every `tabWidth` columns, clamped to
        /// `1...maximumTabWidth`.
        public init(tabWidth: Int = 8) {
            clampedTabWidth = Self.clamp(tabWidth)
        }

        static func clamp(_ tabWidth: Int) -> Int {
            min(max(tabWidth, 1), maximumTabWidth)
        }
    }

    /// How lines are measured.
    public var configuration: Configuration

    /// Makes a line breaker measuring with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The UAX #14 break opportunities in `text`, ascending, as ICU's line-break iterator
    /// gives them; the end of a non-empty text is always the last. Offsets in UTF-16 units.
    public func breakOpportunities(in text: String) -> [BreakOpportunity] {
        let units = Array(text.utf16)
        let boundaries = units.withUnsafeBufferPointer { ICUBreakIterator.lines.boundaries(of: $0) }
        return boundaries.map { boundary in
            let isHard =
                boundary.status >= UBRK_LINE_HARD.rawValue && boundary.status < UBRK_LINE_HARD_LIMIT.rawValue
            return BreakOpportunity(utf16Offset: boundary.offset, isMandatory: isHard)
        }
    }

    /// The soft-wrap positions that fit `text` into `columns`, ascending, in UTF-16 offsets:
    /// each is the offset where a wrapped line starts. Mandatory breaks are honoured but not
    /// listed. No position lies strictly inside a range of `unbreakable` (UTF-16 offsets)
    /// unless that span alone is wider than the line.
    public func breaks(in text: String, columns: Int, unbreakable: [Range<Int>] = []) -> [Int] {
        wrap(text, columns: columns, unbreakable: unbreakable).compactMap { $0.isSoft ? $0.offset : nil }
    }

    /// ``breaks(in:columns:unbreakable:)`` with `links`' ranges unbreakable: the links a
    /// ``LinkDetector`` found in `text`.
    public func breaks(in text: String, columns: Int, keepingWhole links: [DetectedLink]) -> [Int] {
        breaks(in: text, columns: columns, unbreakable: links.map { $0.utf16Range(in: text) })
    }

    /// Every line `text` wraps into when each grapheme is as wide as `measure` says (for
    /// layout with shaped advances), as UTF-16 ranges covering the text in order, with the
    /// same rules as the column wrap: UAX #14 opportunities, mandatory breaks, `unbreakable`
    /// spans kept whole when they fit, spaces hanging. `measure(range, position)` gets a
    /// grapheme's UTF-16 range and where on its line it starts, and returns its width and
    /// whether it may hang past `width`.
    public func lines(
        in text: String, width: Double, unbreakable: [Range<Int>] = [],
        measure: (Range<Int>, Double) -> (width: Double, hangs: Bool)
    ) -> [Range<Int>] {
        lines(in: text, widthOfLineStartingAt: { _ in width }, unbreakable: unbreakable, measure: measure)
    }

    /// ``lines(in:width:unbreakable:measure:)`` with a width per line: `widthOfLineStartingAt`
    /// is asked once for each line, in order, with the UTF-16 offset where it starts (so a
    /// layout can place the previous line, which ends there, before it answers).
    public func lines(
        in text: String, widthOfLineStartingAt limit: (Int) -> Double, unbreakable: [Range<Int>] = [],
        measure: (Range<Int>, Double) -> (width: Double, hangs: Bool)
    ) -> [Range<Int>] {
        let units = Array(text.utf16)
        let starts =
            units.isEmpty
            ? []
            : units.withUnsafeBufferPointer {
                wrap($0, limit: limit, unbreakable: unbreakable, measure: measure).map(\.offset)
            }
        return Self.ranges(startingAt: starts, length: units.count)
    }

    /// Every line `text` wraps into, hard and soft, as UTF-16 ranges covering the text in
    /// order; a mandatory break's line feed ends the line it closes.
    public func lines(in text: String, columns: Int, unbreakable: [Range<Int>] = []) -> [Range<Int>] {
        Self.ranges(
            startingAt: wrap(text, columns: columns, unbreakable: unbreakable).map(\.offset),
            length: text.utf16.count)
    }

    /// The lines of a text of `length` units whose lines after the first start at `later`.
    static func ranges(startingAt later: [Int], length: Int) -> [Range<Int>] {
        let starts = [0] + later
        var lines: [Range<Int>] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : length
            if start < end || lines.isEmpty { lines.append(start..<end) }
        }
        return lines
    }
}
