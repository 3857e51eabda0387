/// How `JSONParser` makes values: one static function per kind of JSON value.
///
/// Each layer keeps its own value type (ordered grammar documents, protocol messages) and
/// shares the parser.
public protocol JSONBuilding {
    /// The value type built.
    associatedtype Value

    /// A string.
    static func string(_ value: String) -> Value
    /// A number, given as its JSON text; nil if the text is not a number the type can hold.
    static func number(_ text: String, isInteger: Bool) -> Value?
    /// An integer that fits in an `Int`, read without making its text; nil to be given the
    /// text through `number(_:isInteger:)` instead (the default).
    static func integer(_ value: Int) -> Value?
    /// `true` or `false`.
    static func bool(_ value: Bool) -> Value
    /// `null`.
    static var null: Value { get }
    /// An array.
    static func array(_ elements: [Value]) -> Value
    /// An object, members in source order (duplicates kept; the builder decides).
    static func object(_ members: [(String, Value)]) -> Value
}

extension JSONBuilding {
    public static func integer(_ value: Int) -> Value? { nil }
}

/// Why bytes are not a JSON document.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The byte offset where it was found.
    public var offset: Int

    /// Creates an error.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "malformed JSON at byte \(offset): \(message)" }
}
