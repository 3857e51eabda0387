import JSONSyntax

/// Appending to a byte buffer: the renderers build their output as bytes and make one
/// `String` at the end.
extension Array where Element == UInt8 {
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Disfavoured, so that a literal is appended as the `StaticString` it can be: as a
    /// `String` it was made and read through the string's storage, about eight times the
    /// instructions (on jQuery's HTML, the tags around each span cost 18 million).
    @_disfavoredOverload
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

extension Array where Element == [UInt8] {
    /// The parts one after the other in one buffer: what a renderer's `renderBytes` returns
    /// for the parts its `renderParts` wrote side by side.
    public func joinedBytes() -> [UInt8] {
        var joined: [UInt8] = []
        joined.reserveCapacity(reduce(0) { $0 + $1.count })
        for part in self { joined.append(contentsOf: part) }
        return joined
    }
}
