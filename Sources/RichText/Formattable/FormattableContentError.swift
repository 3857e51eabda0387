/// Why FormattableContent input was refused, or why one range was skipped; `path` names the
/// place (`[1].blocks[0].ranges[2]`).
public struct FormattableContentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
