/// Why an editing trace could not be read.
public enum EditTraceError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The gzip stream is malformed.
    case corruptGzip(String)
    /// The JSON does not have the trace's shape.
    case malformed(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read trace \(path): \(reason)"
        case .corruptGzip(let reason): "corrupt gzip data: \(reason)"
        case .malformed(let reason): "malformed trace: \(reason)"
        }
    }
}
