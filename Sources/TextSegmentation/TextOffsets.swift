/// Conversions between the offset units of one string: UTF-8 bytes (what ``LinkDetector``
/// reports) and UTF-16 code units (what ``LineBreaker`` reports, and LSP's default).
///
/// Offsets that fall inside a scalar round down to the scalar's start; offsets out of range
/// clamp to the string's bounds.
public enum TextOffsets {
    /// The UTF-16 offset of the UTF-8 byte offset `utf8Offset` in `text`.
    public static func utf16Offset(fromUTF8 utf8Offset: Int, in text: String) -> Int {
        let utf8 = text.utf8
        var offset = min(max(utf8Offset, 0), utf8.count)
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        // Continuation bytes (10xxxxxx) are inside a scalar: step back to its lead byte.
        while offset > 0, index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 {
            offset -= 1
            index = utf8.index(before: index)
        }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// The UTF-8 byte offset of the UTF-16 offset `utf16Offset` in `text`.
    public static func utf8Offset(fromUTF16 utf16Offset: Int, in text: String) -> Int {
        let utf16 = text.utf16
        let offset = min(max(utf16Offset, 0), utf16.count)
        var index = utf16.index(utf16.startIndex, offsetBy: offset)
        // An offset between a surrogate pair's halves names no scalar: use the pair's start.
        if index.samePosition(in: text.unicodeScalars) == nil {
            index = utf16.index(before: index)
        }
        return text.utf8.distance(from: text.utf8.startIndex, to: index)
    }
}
