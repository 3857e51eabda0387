/// Where paragraphs end in UTF-8 text: after each line break Swift counts as one
/// (`Character.isNewline`: LF, CR, CR LF, VT, FF, NEL, LS, PS), found by scanning bytes.
enum ParagraphSplitter {
    /// The byte offsets where paragraphs of `bytes[range]` end (each after its break), the
    /// end of the range always last; `range` must start at a paragraph start and end at a
    /// paragraph end or the end of the text.
    static func ends(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
        var ends: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            var length = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: length = 1
            case 0x0D: length = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: length = 2
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                length = 3
            default: break
            }
            if length > 0 {
                index += length
                ends.append(index)
            } else {
                index += 1
            }
        }
        if ends.last != range.upperBound { ends.append(range.upperBound) }
        return ends
    }
}
