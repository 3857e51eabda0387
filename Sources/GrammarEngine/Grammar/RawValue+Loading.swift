import Foundation
import JSONSyntax
import PlistSyntax
import Yams

extension RawValue {
    /// The format of a grammar file, from its name.
    public enum Format: Sendable {
        /// JSON (`.json`).
        case json
        /// XML property list (`.tmLanguage`, `.plist`, anything else).
        case plist
        /// YAML (`.yaml`, `.yml`).
        case yaml

        /// The format vscode-textmate would pick for `path` (JSON if it ends in `.json`, else
        /// plist), extended with YAML.
        public init(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".json") {
                self = .json
            } else if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
                self = .yaml
            } else {
                self = .plist
            }
        }
    }

    /// Parses a grammar document.
    public static func parse(_ data: Data, format: Format) throws(GrammarError) -> RawValue {
        switch format {
        case .json:
            do {
                return try JSONParser<RawValueBuilder>.parse([UInt8](data))
            } catch {
                throw .malformed(message: "JSON: \(error.message) at byte \(error.offset)")
            }
        case .plist:
            do {
                return try PlistParser<RawValueBuilder>.parse([UInt8](data))
            } catch {
                throw .malformed(message: "plist: \(error.message) at byte \(error.offset)")
            }
        case .yaml:
            let text = String(decoding: data, as: UTF8.self)
            try YAMLExpansionCheck.check(text)
            let node: Node?
            do {
                node = try Yams.compose(yaml: text)
            } catch {
                throw .malformed(message: "YAML: \(error)")
            }
            guard let node else { throw .malformed(message: "YAML: empty document") }
            return try fromYAML(node)
        }
    }
}

/// Builds `RawValue`s for the shared JSON and property-list parsers: dictionary order is kept
/// (injections are walked in source order).
enum RawValueBuilder: JSONBuilding {
    static func string(_ value: String) -> RawValue { .string(value) }
    static func number(_ text: String, isInteger: Bool) -> RawValue? { Double(text).map { .number($0) } }
    static func bool(_ value: Bool) -> RawValue { .bool(value) }
    static var null: RawValue { .null }
    static func array(_ elements: [RawValue]) -> RawValue { .array(elements) }
    static func object(_ members: [(String, RawValue)]) -> RawValue { .object(members) }
}
