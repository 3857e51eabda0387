/// Why a frame header could not be read. The decoder then skips to the next header.
public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header has no `Content-Length`.
    case missingContentLength
    /// `Content-Length` is not a non-negative integer.
    case invalidContentLength(String)
    /// `Content-Length` exceeds the configured cap.
    case contentLengthTooLarge(length: Int, limit: Int)
    /// No empty line ended the header within `limit` bytes.
    case headerTooLong(limit: Int)
    /// Bytes that are not a header came before a `Content-Length` header on its line; they
    /// were skipped and the header after them is read.
    case junkBeforeHeader(byteCount: Int)

    public var description: String {
        switch self {
        case .missingContentLength: "frame header without Content-Length"
        case .invalidContentLength(let value): "invalid Content-Length '\(value)'"
        case .contentLengthTooLarge(let length, let limit):
            "Content-Length \(length) exceeds the limit of \(limit) bytes"
        case .headerTooLong(let limit): "frame header longer than \(limit) bytes"
        case .junkBeforeHeader(let byteCount):
            "\(byteCount) bytes before a Content-Length header were skipped"
        }
    }
}
