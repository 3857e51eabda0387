import Foundation
import JSONRPC

/// The JSON parser on arbitrary bytes: never a trap; what parses serializes to JSON that
/// parses again to the same serialization.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? JSONValue(parsing: data) else { return 0 }
    let once = value.serialized()
    guard let again = try? JSONValue(parsing: once) else { fatalError("serialized JSON does not parse") }
    if again.serialized() != once { fatalError("serialization is not stable") }
    _ = try? RPCMessage(json: value)
    return 0
}
