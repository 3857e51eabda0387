import JSONSyntax

extension SpanRule {
    /// Reads the rules of a `spanRules` array, in the shape clients write:
    /// `[{"kind": "mention", "pattern": "@\\w+", "atomic": true, "unbreakable": true},
    ///   {"kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "table": {"[赞]": {"image": "like.png", "text": "👍"}}}]`.
    /// Unknown members are ignored; a wrong type or a bad pattern is an error naming the rule.
    public static func rules(from json: JSONValue) throws(SpanRuleError) -> [SpanRule] {
        guard let array = json.arrayValue else { throw .malformed(path: "", message: "must be an array") }
        guard array.count <= maximumRuleCount else { throw .tooManyRules(count: array.count) }
        var rules: [SpanRule] = []
        for (index, value) in array.enumerated() {
            guard value.objectValue != nil else {
                throw .malformed(path: "[\(index)]", message: "must be an object")
            }
            guard let kind = value["kind"]?.stringValue else {
                throw .malformed(path: "[\(index)].kind", message: "must be a string")
            }
            guard let pattern = value["pattern"]?.stringValue else {
                throw .malformed(path: "[\(index)].pattern", message: "must be a string")
            }
            let atomic = try flag(value, "atomic", index)
            let unbreakable = try flag(value, "unbreakable", index)
            let table = try attachments(value["table"], index)
            rules.append(
                try SpanRule(
                    kind: kind, pattern: pattern, isAtomic: atomic, isUnbreakable: unbreakable, table: table,
                    index: index))
        }
        return rules
    }

    private static func flag(_ rule: JSONValue, _ key: String, _ index: Int) throws(SpanRuleError) -> Bool {
        guard let value = rule[key], value != .null else { return false }
        guard let flag = value.boolValue else {
            throw .malformed(path: "[\(index)].\(key)", message: "must be a boolean")
        }
        return flag
    }

    private static func attachments(_ json: JSONValue?, _ index: Int) throws(SpanRuleError)
        -> [String: SpanAttachment]?
    {
        guard let json, json != .null else { return nil }
        guard let entries = json.objectValue else {
            throw .malformed(path: "[\(index)].table", message: "must be an object")
        }
        var table: [String: SpanAttachment] = [:]
        for (code, entry) in entries {
            let path = "[\(index)].table[\(code)]"
            guard entry.objectValue != nil else { throw .malformed(path: path, message: "must be an object") }
            for key in ["image", "text"] {
                if let value = entry[key], value != .null, value.stringValue == nil {
                    throw .malformed(path: "\(path).\(key)", message: "must be a string")
                }
            }
            table[code] = SpanAttachment(image: entry["image"]?.stringValue, text: entry["text"]?.stringValue)
        }
        return table
    }
}
