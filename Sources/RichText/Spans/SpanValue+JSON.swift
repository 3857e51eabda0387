import DocumentStorage
import JSONSyntax

extension SpanValue {
    /// The span value of a JSON scalar; nil for null, arrays and objects (span data is flat).
    public init?(json: JSONValue) {
        switch json {
        case .string(let string): self = .string(string)
        case .integer(let integer): self = .integer(integer)
        case .double(let number): self = .number(number)
        case .bool(let bool): self = .bool(bool)
        case .null, .array, .object: return nil
        }
    }

    /// The value as JSON.
    public var json: JSONValue {
        switch self {
        case .string(let string): .string(string)
        case .integer(let integer): .integer(integer)
        case .number(let number): .double(number)
        case .bool(let bool): .bool(bool)
        }
    }
}
