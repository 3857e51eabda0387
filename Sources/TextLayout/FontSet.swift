import Dispatch

/// A primary font and the fallbacks found for characters it lacks (emoji, CJK, ...).
///
/// Fallback fonts are looked up through fontconfig once per character and kept, so that a
/// document full of emoji opens each emoji font once.
public final class FontSet: @unchecked Sendable {
    public let primary: LayoutFont
    private let queue = DispatchQueue(label: "highlightd.fontset")
    private var fallbackByScalar: [UInt32: LayoutFont?] = [:]
    private var fontsByPath: [String: LayoutFont] = [:]

    public init(primary: LayoutFont) {
        self.primary = primary
        fontsByPath[primary.path] = primary
    }

    /// The font for the grapheme `scalars`: the primary font if it has a glyph for each
    /// character that shows (joiners, variation selectors and other default-ignorables need
    /// none), else the first font fontconfig finds for its first character, else the primary
    /// font (which then shows its missing-glyph box).
    public func font(for scalars: some Sequence<Unicode.Scalar>) -> LayoutFont {
        let shown = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let first = shown.first, !shown.allSatisfy(primary.covers) else { return primary }
        return queue.sync { fallback(for: first) ?? primary }
    }

    private func fallback(for first: Unicode.Scalar) -> LayoutFont? {
        if let known = fallbackByScalar[first.value] { return known }
        var found: LayoutFont?
        if let path = FontLocator.path(covering: first) {
            found = fontsByPath[path] ?? (try? LayoutFont(path: path))
            if let found { fontsByPath[path] = found }
        }
        fallbackByScalar[first.value] = found
        return found
    }
}
