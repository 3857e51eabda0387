/// Why an extension, or part of one, was skipped. Each is reported once with its path; the
/// other extensions load.
public enum ExtensionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// `package.json` or `package.nls.json` is not what VS Code reads.
    case malformed(path: String, reason: String)
    /// A manifest path leads out of its extension folder.
    case pathOutsideExtension(path: String, extension: String)
    /// A `.vsix` file could not be unpacked.
    case badArchive(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "extension skipped: cannot read \(path): \(reason)"
        case .malformed(let path, let reason): return "extension skipped: \(path): \(reason)"
        case .pathOutsideExtension(let path, let origin):
            return "extension \(origin): \(path) leads out of the extension folder; entry skipped"
        case .badArchive(let path, let reason): return "extension skipped: cannot unpack \(path): \(reason)"
        }
    }
}
