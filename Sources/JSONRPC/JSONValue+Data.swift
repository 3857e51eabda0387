import Foundation
@_exported import JSONSyntax

// `JSONValue` lives in `JSONSyntax` (no Foundation); every module that speaks the protocol
// sees it through this module, with these `Data` conveniences.
extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259), rejecting trailing garbage.
    public init(parsing data: Data) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data))
    }

    /// Compact UTF-8 JSON text with sorted keys (stable output for logs and tests).
    public func serialized() -> Data {
        Data(serializedBytes())
    }
}
