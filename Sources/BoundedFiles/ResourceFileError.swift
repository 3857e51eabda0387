/// Why a file a client named (grammar, theme, manifest, font) was not read; each layer turns
/// it into its own errors.
public enum ResourceFileError: Error, Equatable, Sendable {
    /// The file does not exist or cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The path names a directory, device, FIFO or socket.
    case notRegularFile(path: String)
    /// The file holds more than `limit` bytes.
    case tooLarge(path: String, limit: Int)
}

extension ResourceFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notRegularFile(let path): "cannot read \(path): not a regular file"
        case .tooLarge(let path, let limit): "cannot read \(path): larger than \(limit) bytes"
        }
    }
}
