/// An interned syntax style: what the syntax layer stores per run.
///
/// The id means nothing by itself; the highlighter keeps the table from ids to colours, scopes
/// and semantic token types. `StyleID.plain` (0) is text no hook has styled.
public struct StyleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The numeric id.
    public var rawValue: UInt32

    /// Wraps a numeric id.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Text no hook has styled.
    public static let plain = StyleID(rawValue: 0)

    public static func < (lhs: StyleID, rhs: StyleID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "s\(rawValue)" }
}
