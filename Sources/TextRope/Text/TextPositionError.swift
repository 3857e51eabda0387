/// Why an offset or position does not name a place in the text.
public enum TextPositionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset is past the end (or negative).
    case outOfBounds(offset: Int, unit: TextUnit, length: Int)
    /// The offset falls inside a scalar: inside a UTF-8 sequence or between the two halves of
    /// a UTF-16 surrogate pair.
    case insideScalar(offset: Int, unit: TextUnit)
    /// The offset falls between the `\r` and the `\n` of a `\r\n` line terminator.
    case insideLineTerminator(offset: Int, unit: TextUnit)
    /// The line does not exist.
    case lineOutOfBounds(line: Int, lineCount: Int)

    public var description: String {
        switch self {
        case .outOfBounds(let offset, let unit, let length):
            "offset \(offset) (\(unit.rawValue)) is outside the text of length \(length)"
        case .insideScalar(let offset, let unit):
            "offset \(offset) (\(unit.rawValue)) falls inside a character's encoding"
        case .insideLineTerminator(let offset, let unit):
            "offset \(offset) (\(unit.rawValue)) falls between \\r and \\n"
        case .lineOutOfBounds(let line, let lineCount):
            "line \(line) does not exist (the text has \(lineCount) lines)"
        }
    }
}
