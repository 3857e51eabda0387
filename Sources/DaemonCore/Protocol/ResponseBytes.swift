import JSONRPC
import JSONSyntax

/// A result that writes itself as JSON bytes: the bytes `json.serializedBytes()` gives, without
/// building the tree first.
protocol WireBytesEncodable: WireEncodable {
    /// Appends the result's JSON (members in the order of their keys, as `JSONValue` writes
    /// them) to `bytes`.
    func write(to bytes: inout [UInt8])
}

/// A successful response written straight into its bytes, the same bytes as
/// `RPCMessage.response(id:result:)` serialized.
enum ResponseBytes {
    static func success(id: RequestID, _ result: some WireBytesEncodable) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(literal: #"{"id":"#)
        id.json.write(to: &bytes)
        bytes.append(literal: #","jsonrpc":"2.0","result":"#)
        result.write(to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's bytes (copied from the binary's constant data, without a `String`).
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
