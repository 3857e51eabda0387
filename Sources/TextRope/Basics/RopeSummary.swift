/// A summary of a stretch of rope content, combined left to right.
///
/// # Invariants
/// Summaries form a monoid: `zero` is the identity and `combined(with:)` is associative, so a
/// node's summary is the same however its content is split into chunks and children. It need
/// not be commutative: a text summary must see that a chunk ending in `\r` followed by one
/// starting with `\n` holds one line break, not two.
public protocol RopeSummary: Equatable, Sendable {
    /// The summary of empty content.
    static var zero: Self { get }

    /// The summary of this content followed by `other`.
    func combined(with other: Self) -> Self
}
