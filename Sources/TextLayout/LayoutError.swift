/// Why a layout could not be made; nothing is laid out when one is thrown.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The font file could not be read or is not a font HarfBuzz can use.
    case unreadableFont(path: String)
    /// The font file could not be read: missing, not a regular file (a FIFO, a device), or
    /// larger than ``LayoutFont/maximumFileSize``.
    case unreadableFontFile(path: String, reason: String)
    /// No installed font matches the name (fontconfig found nothing).
    case unknownFont(name: String)
    /// A container with more exclusion shapes than ``LayoutContainer/maximumExclusions``.
    case tooManyExclusions(count: Int, limit: Int)
    /// A size, width or other measure that is not a finite positive number within limits.
    case invalidMeasure(name: String, value: Double)

    public var description: String {
        switch self {
        case .unreadableFont(let path): "cannot use \(path) as a font"
        case .unreadableFontFile(let path, let reason): "cannot read the font \(path): \(reason)"
        case .unknownFont(let name): "no installed font matches \"\(name)\""
        case .tooManyExclusions(let count, let limit):
            "\(count) exclusions in one container; at most \(limit) are accepted"
        case .invalidMeasure(let name, let value): "\(name) must be a finite positive number, not \(value)"
        }
    }
}
