/// A parsed grammar document (JSON, plist or YAML) with dictionary order preserved.
///
/// Order matters: vscode-textmate walks `injections` in source order, which decides ties
/// between injections of equal priority.
public indirect enum RawValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// JSON null or a missing value.
    case null
    /// An array.
    case array([RawValue])
    /// A dictionary, in source order.
    case object([(String, RawValue)])

    public static func == (lhs: RawValue, rhs: RawValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value for `key` when this is a dictionary.
    public subscript(key: String) -> RawValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Truthiness as JavaScript sees it, for flags like `applyEndPatternLast`.
    public var isTruthy: Bool {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .null: return false
        case .array, .object: return true
        }
    }
}
