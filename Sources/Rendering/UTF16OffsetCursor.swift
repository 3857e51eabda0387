import GrammarEngine
import ThemeEngine

/// Converts UTF-8 byte offsets of a text to UTF-16 code-unit offsets, walking from the last
/// offset converted, so that converting offsets in document order costs O(text) in total, and
/// an offset a little before the last (overlapping tokens) costs as little.
struct UTF16OffsetCursor {
    private let bytes: [UInt8]
    private var byteOffset = 0
    private var utf16Offset = 0

    /// A cursor at the start of `bytes` (valid UTF-8).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A cursor at UTF-8 offset `byteOffset` of `bytes`, which is UTF-16 offset `utf16Offset`
    /// (what another cursor said): where a later part of the text starts.
    init(bytes: [UInt8], at byteOffset: Int, utf16Offset: Int) {
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.utf16Offset = utf16Offset
    }

    /// The UTF-8 offset the cursor is at.
    var position: (utf8: Int, utf16: Int) { (byteOffset, utf16Offset) }

    /// The UTF-16 offset of UTF-8 offset `target` (clamped to the text). An offset inside a
    /// scalar counts that scalar as already passed.
    mutating func utf16Offset(atUTF8 target: Int) -> Int {
        let target = min(max(0, target), bytes.count)
        if target < byteOffset / 2 {
            // Far back: the start is nearer.
            byteOffset = 0
            utf16Offset = 0
        }
        while byteOffset > target {
            byteOffset -= 1
            let byte = bytes[byteOffset]
            if byte >= 0xF0 {
                utf16Offset -= 2
            } else if byte < 0x80 || byte >= 0xC0 {
                utf16Offset -= 1
            }
        }
        while byteOffset < target {
            let byte = bytes[byteOffset]
            if byte >= 0xF0 {
                utf16Offset += 2  // Four-byte scalars are astral: a surrogate pair.
            } else if byte < 0x80 || byte >= 0xC0 {
                utf16Offset += 1  // A scalar's lead byte; continuation bytes add nothing.
            }
            byteOffset += 1
        }
        return utf16Offset
    }
}
