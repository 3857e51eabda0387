import Foundation
import JSONSyntax

/// Builds the untyped values theme files are read into (`String`, `Int`, `Double`, `Bool`,
/// `NSNull`, `[Any]`, `[String: Any]`), for the project's JSON and property-list parsers: the
/// shapes `JSONSerialization` and `PropertyListSerialization` gave before, which the theme
/// readers check field by field. A key given twice keeps its last value.
enum FoundationValueBuilder: JSONBuilding {
    static func string(_ value: String) -> Any { value }
    static func number(_ text: String, isInteger: Bool) -> Any? {
        if isInteger, let value = Int(text) { return value }
        return Double(text)
    }
    static func bool(_ value: Bool) -> Any { value }
    static var null: Any { NSNull() }
    static func array(_ elements: [Any]) -> Any { elements }
    static func object(_ members: [(String, Any)]) -> Any {
        Dictionary(members, uniquingKeysWith: { _, last in last })
    }
}
