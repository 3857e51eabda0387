import Foundation
import ResourceFiles

/// Why a theme could not be loaded. Every case names the file or theme involved.
public enum ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The path names a directory, device, FIFO or socket, not a theme file.
    case notRegularFile(path: String)
    /// The file is larger than `limit` bytes, the most read for a theme.
    case tooLarge(path: String, limit: Int)
    /// The file was read but is not a theme this loader understands.
    case malformed(path: String, reason: String)
    /// A VS Code theme includes itself, directly or through other files.
    case includeCycle(path: String)
    /// No built-in or installed theme has this name.
    case unknownTheme(name: String, searched: [String])

    /// A message fit for a user: what went wrong and where.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read theme \(path): \(reason)"
        case .notRegularFile(let path):
            return "cannot read theme \(path): not a regular file"
        case .tooLarge(let path, let limit):
            return "cannot read theme \(path): larger than \(limit) bytes"
        case .malformed(let path, let reason):
            return "malformed theme \(path): \(reason)"
        case .includeCycle(let path):
            return "theme \(path) includes itself"
        case .unknownTheme(let name, let searched):
            let places = searched.isEmpty ? "no Grammars folder found" : searched.joined(separator: ", ")
            return "unknown theme \"\(name)\" (looked in \(places); set HIGHLIGHTD_GRAMMARS)"
        }
    }
}

extension ThemeError {
    /// The theme layer's error for a file that was not read.
    init(_ error: ResourceFileError) {
        switch error {
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .notRegularFile(let path): self = .notRegularFile(path: path)
        case .tooLarge(let path, let limit): self = .tooLarge(path: path, limit: limit)
        }
    }
}
