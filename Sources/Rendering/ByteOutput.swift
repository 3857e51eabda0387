import JSONSyntax

/// Appending to a byte buffer: the renderers build their output as bytes and make one
/// `String` at the end.
extension Array where Element == UInt8 {
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// An integer in decimal (`JSONValue.writeInteger`).
    mutating func appendDecimal(_ value: Int) {
        JSONValue.writeInteger(value, to: &self)
    }

    /// `text` as a JSON string literal (`JSONValue.writeString`).
    mutating func appendJSONString(_ text: String) {
        JSONValue.writeString(text, to: &self)
    }
}
