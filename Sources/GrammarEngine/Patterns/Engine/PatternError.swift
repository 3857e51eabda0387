/// A PCRE2 pattern that failed to compile.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// PCRE2's message for the error.
    public var message: String
    /// The byte offset in the PCRE2 source where compilation stopped.
    public var offset: Int

    /// Creates an error.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at offset \(offset)" }
}
