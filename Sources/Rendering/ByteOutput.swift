/// Appending to a byte buffer: the renderers build their output as bytes and make one
/// `String` at the end.
extension Array where Element == UInt8 {
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// An integer in decimal, its digits written straight into the buffer.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Room for the 20 digits of the largest magnitude.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// `text` as a JSON string literal: `"`, `\\`, `\n`, `\r` and `\t` escaped by their
    /// letters, other control characters as `\u00XX` (lowercase hex), everything else as is.
    mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            append(UInt8(ascii: "\""))
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
                case 0x0A: append(UInt8(ascii: "n"))
                case 0x0D: append(UInt8(ascii: "r"))
                case 0x09: append(UInt8(ascii: "t"))
                default:
                    let hexDigit = { (nibble: UInt8) in
                        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    }
                    append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4),
                        hexDigit(byte & 0xF),
                    ])
                }
                runStart = index + 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            append(UInt8(ascii: "\""))
        }
    }
}
