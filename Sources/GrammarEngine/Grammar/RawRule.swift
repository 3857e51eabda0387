/// One rule of a grammar as written: the fields vscode-textmate's `IRawRule` reads.
///
/// A reference type on purpose: a compiled grammar caches the rule id per raw rule object,
/// which is how vscode-textmate compiles each rule once, in the context of its first use.
public final class RawRule: Sendable {
    /// `include` target: `$self`, `$base`, `#name`, `scope` or `scope#name`.
    public let include: String?
    /// Scope name(s) of the rule; may hold `$N` placeholders.
    public let name: String?
    /// Scope name(s) for the content between begin and end.
    public let contentName: String?
    /// A match rule's pattern.
    public let match: String?
    /// A begin/end or begin/while rule's begin pattern.
    public let begin: String?
    /// The end pattern; nil when the key is missing.
    public let end: String?
    /// The while pattern.
    public let whilePattern: String?
    /// Capture rules by group index.
    public let captures: [Int: RawRule]?
    /// Captures of the begin match.
    public let beginCaptures: [Int: RawRule]?
    /// Captures of the end match.
    public let endCaptures: [Int: RawRule]?
    /// Captures of the while match.
    public let whileCaptures: [Int: RawRule]?
    /// Child rules.
    public let patterns: [RawRule]?
    /// Named rules visible to this rule's children.
    public let repository: [String: RawRule]?
    /// Whether the end pattern loses ties against the child patterns.
    public let applyEndPatternLast: Bool

    /// Creates a rule from its fields.
    public init(
        include: String? = nil, name: String? = nil, contentName: String? = nil, match: String? = nil,
        begin: String? = nil, end: String? = nil, whilePattern: String? = nil,
        captures: [Int: RawRule]? = nil, beginCaptures: [Int: RawRule]? = nil,
        endCaptures: [Int: RawRule]? = nil, whileCaptures: [Int: RawRule]? = nil,
        patterns: [RawRule]? = nil, repository: [String: RawRule]? = nil, applyEndPatternLast: Bool = false
    ) {
        self.include = include
        self.name = name
        self.contentName = contentName
        self.match = match
        self.begin = begin
        self.end = end
        self.whilePattern = whilePattern
        self.captures = captures
        self.beginCaptures = beginCaptures
        self.endCaptures = endCaptures
        self.whileCaptures = whileCaptures
        self.patterns = patterns
        self.repository = repository
        self.applyEndPatternLast = applyEndPatternLast
    }

    /// Reads a rule from a parsed document; fields of the wrong type are ignored.
    public convenience init(_ value: RawValue) {
        self.init(
            include: value["include"]?.stringValue, name: value["name"]?.stringValue,
            contentName: value["contentName"]?.stringValue, match: value["match"]?.stringValue,
            begin: value["begin"]?.stringValue, end: value["end"]?.stringValue,
            whilePattern: value["while"]?.stringValue,
            captures: Self.captureMap(value["captures"]),
            beginCaptures: Self.captureMap(value["beginCaptures"]),
            endCaptures: Self.captureMap(value["endCaptures"]),
            whileCaptures: Self.captureMap(value["whileCaptures"]),
            patterns: Self.ruleList(value["patterns"]), repository: Self.ruleMap(value["repository"]),
            applyEndPatternLast: value["applyEndPatternLast"]?.isTruthy ?? false)
    }

    static func ruleList(_ value: RawValue?) -> [RawRule]? {
        guard case .array(let items)? = value else { return nil }
        return items.compactMap { item in
            if case .object = item { return RawRule(item) }
            return nil
        }
    }

    static func ruleMap(_ value: RawValue?) -> [String: RawRule]? {
        guard case .object(let pairs)? = value else { return nil }
        var map: [String: RawRule] = [:]
        for (key, item) in pairs {
            if case .object = item { map[key] = RawRule(item) }
        }
        return map
    }

    // Captures are keyed by decimal strings in objects, or by position in arrays.
    static func captureMap(_ value: RawValue?) -> [Int: RawRule]? {
        var map: [Int: RawRule] = [:]
        switch value {
        case .object(let pairs)?:
            for (key, item) in pairs {
                guard let index = Int(key), index >= 0, index < 10_000, case .object = item else { continue }
                map[index] = RawRule(item)
            }
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                if case .object = item { map[index] = RawRule(item) }
            }
        default:
            return nil
        }
        return map
    }
}
