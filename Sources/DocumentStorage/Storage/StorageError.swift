import TextRope

/// Why the storage rejected a request; a rejected request changes nothing.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An offset of the edit does not name a place in the text.
    case invalidOffset(TextPositionError)
    /// The edit's range is reversed or negative.
    case invalidRange(location: Int, length: Int)
    /// An edit's start position comes after its end.
    case invalidPositions(start: LinePosition, end: LinePosition)
    /// A hook tried to edit the text during processEditing.
    case editDuringProcessing
    /// `endEditing()` without a matching `beginEditing()`.
    case unbalancedEndEditing
    /// The edit would make the text longer than `TextStorage.maximumLength` bytes.
    case textTooLong(length: Int, limit: Int)

    public var description: String {
        switch self {
        case .invalidOffset(let error): "invalid edit: \(error)"
        case .invalidRange(let location, let length): "invalid edit range {\(location), \(length)}"
        case .invalidPositions(let start, let end): "edit range starts at \(start) after its end \(end)"
        case .editDuringProcessing: "hooks may not edit the text during processEditing"
        case .unbalancedEndEditing: "endEditing() without beginEditing()"
        case .textTooLong(let length, let limit):
            "the edit would make the text \(length) bytes long, past \(limit)"
        }
    }
}
