/// A place in a text, counted one way: in UTF-8 bytes, UTF-16 code units or Unicode scalars
/// (`UTF8Offset`, `UTF16Offset`, `ScalarOffset`), or in lines (`LineIndex`). One type per way
/// of counting, so that an offset in one unit cannot be passed where another unit, or a line,
/// is meant; `TextBuffer` converts between them.
///
/// A wrapper over `Int`, free at run time (the struct is the integer). Coordinates are
/// `Strideable` by `Int`, so a `Range` of them is a collection (`count`, iteration); a
/// coordinate plus or minus an `Int` count is a coordinate, and two coordinates' difference a
/// count. Integer literals are accepted, for tests and for the text's start.
@frozen
public struct Coordinate<Kind: CoordinateKind>: Hashable, Comparable, Strideable, Sendable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The coordinate as a count from the start of the text.
    public var rawValue: Int

    @inlinable
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    @inlinable
    public init(integerLiteral value: Int) { rawValue = value }

    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    @inlinable
    public func advanced(by count: Int) -> Self { Self(rawValue + count) }

    @inlinable
    public func distance(to other: Self) -> Int { other.rawValue - rawValue }

    @inlinable
    public static func + (coordinate: Self, count: Int) -> Self { Self(coordinate.rawValue + count) }

    @inlinable
    public static func - (coordinate: Self, count: Int) -> Self { Self(coordinate.rawValue - count) }

    /// The count from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Int { lhs.rawValue - rhs.rawValue }

    @inlinable
    public static func += (coordinate: inout Self, count: Int) { coordinate.rawValue += count }

    @inlinable
    public static func -= (coordinate: inout Self, count: Int) { coordinate.rawValue -= count }

    public var description: String { Kind.describe(rawValue) }
}

/// What a `Coordinate` counts.
public protocol CoordinateKind: Sendable {
    /// How a coordinate of this kind reads in messages (`12`, `line 3`).
    static func describe(_ rawValue: Int) -> String
}

extension CoordinateKind {
    public static func describe(_ rawValue: Int) -> String { "\(rawValue)" }
}

/// A position in a text counted in one text unit.
public typealias TextOffset<Unit: TextCountingUnit> = Coordinate<Unit>

/// The unit a `TextOffset` counts.
public protocol TextCountingUnit: CoordinateKind {
    /// The protocol's name for the unit.
    static var textUnit: TextUnit { get }
}

/// UTF-8 bytes: the storage's own unit.
public enum UTF8Counting: TextCountingUnit {
    public static var textUnit: TextUnit { .utf8 }
}

/// UTF-16 code units: NSString's and LSP's default.
public enum UTF16Counting: TextCountingUnit {
    public static var textUnit: TextUnit { .utf16 }
}

/// Unicode scalars: the editing traces' unit.
public enum ScalarCounting: TextCountingUnit {
    public static var textUnit: TextUnit { .utf32 }
}

/// A byte offset in UTF-8.
public typealias UTF8Offset = TextOffset<UTF8Counting>
/// An offset in UTF-16 code units.
public typealias UTF16Offset = TextOffset<UTF16Counting>
/// An offset in Unicode scalars.
public typealias ScalarOffset = TextOffset<ScalarCounting>

extension Range where Bound == UTF8Offset {
    /// The range of raw byte offsets, for code that indexes bytes.
    @inlinable
    public var bytes: Range<Int> { lowerBound.rawValue..<upperBound.rawValue }

    /// The UTF-8 range of raw byte offsets `bytes`.
    @inlinable
    public init(bytes: Range<Int>) { self = UTF8Offset(bytes.lowerBound)..<UTF8Offset(bytes.upperBound) }
}

extension Range where Bound == UTF16Offset {
    /// The range of raw UTF-16 offsets.
    @inlinable
    public var units: Range<Int> { lowerBound.rawValue..<upperBound.rawValue }

    /// The UTF-16 range of raw offsets `units`.
    @inlinable
    public init(units: Range<Int>) { self = UTF16Offset(units.lowerBound)..<UTF16Offset(units.upperBound) }
}

/// Lines: what a `LineIndex` counts.
public enum LineCounting: CoordinateKind {
    public static func describe(_ rawValue: Int) -> String { "line \(rawValue)" }
}

/// The index of a line of a text, from 0: what viewports, line states and semantic tokens
/// count, never to be confused with an offset.
public typealias LineIndex = Coordinate<LineCounting>

extension Range where Bound == LineIndex {
    /// The range of raw line numbers.
    @inlinable
    public var numbers: Range<Int> { lowerBound.rawValue..<upperBound.rawValue }

    /// The lines numbered `numbers`.
    @inlinable
    public init(numbers: Range<Int>) { self = LineIndex(numbers.lowerBound)..<LineIndex(numbers.upperBound) }
}
