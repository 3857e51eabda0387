import JSONSyntax
import PlistSyntax

/// The property-list reader on arbitrary bytes: never a trap, and what it reads, written back
/// as a property list, reads again to the same value (so nothing it accepts is half-read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let value = try? PlistParser<ValueBuilder>.parse(bytes) else { return 0 }
    var written = ""
    value.write(to: &written)
    guard let again = try? PlistParser<ValueBuilder>.parse(Array(written.utf8)) else {
        fatalError("a written property list does not read: \(written)")
    }
    if again != value { fatalError("a property list read back differently: \(written)") }
    return 0
}

/// Values with order and kinds kept, to compare a round trip exactly.
indirect enum Value: Equatable {
    case string(String)
    case integer(String)
    case real(String)
    case bool(Bool)
    case null
    case array([Value])
    case dictionary([Member])

    struct Member: Equatable {
        var key: String
        var value: Value
    }

    func write(to output: inout String) {
        switch self {
        case .string(let text): output += "<string>\(Self.escaped(text))</string>"
        case .integer(let text): output += "<integer>\(text)</integer>"
        case .real(let text): output += "<real>\(text)</real>"
        case .bool(let flag): output += flag ? "<true/>" : "<false/>"
        case .null: output += "<string></string>"
        case .array(let elements):
            output += "<array>"
            for element in elements { element.write(to: &output) }
            output += "</array>"
        case .dictionary(let members):
            output += "<dict>"
            for member in members {
                output += "<key>\(Self.escaped(member.key))</key>"
                member.value.write(to: &output)
            }
            output += "</dict>"
        }
    }

    /// By scalar, not by `Character`: `<` followed by a combining mark is one character that
    /// is not `"<"` (the first finding of this target was its own writer's).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

enum ValueBuilder: JSONBuilding {
    static func string(_ value: String) -> Value { .string(value) }
    static func number(_ text: String, isInteger: Bool) -> Value? {
        if isInteger { return Int(text) == nil ? nil : .integer(text) }
        return Double(text) == nil ? nil : .real(text)
    }
    static func bool(_ value: Bool) -> Value { .bool(value) }
    static var null: Value { .null }
    static func array(_ elements: [Value]) -> Value { .array(elements) }
    static func object(_ members: [(String, Value)]) -> Value {
        .dictionary(members.map { Value.Member(key: $0.0, value: $0.1) })
    }
}
