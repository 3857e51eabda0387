/// Why an injection selector cannot be used.
enum ScopeSelectorError: Error, Hashable, CustomStringConvertible {
    /// `-` and `(` nest deeper than the limit.
    case nestedTooDeeply(limit: Int)

    var description: String {
        switch self {
        case .nestedTooDeeply(let limit): return "'-' and '(' nest more than \(limit) levels deep"
        }
    }
}
