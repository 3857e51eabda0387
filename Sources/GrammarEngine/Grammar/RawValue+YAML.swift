import Yams

extension RawValue {
    /// The most values a YAML document may expand to, aliases counted at every use. Aliases
    /// share one node in Yams but are copied into `RawValue`s, so nine levels of ten aliases
    /// ("billion laughs") would expand to 10⁹ values from a few hundred bytes.
    static let maximumYAMLValues = 1_000_000
    /// The deepest nesting accepted after aliases are expanded, the same as for JSON: each alias
    /// can add a level that the text does not show, and converting recurses per level.
    static let maximumYAMLDepth = 512

    /// Converts a composed YAML document, throwing once it expands past the budgets.
    ///
    /// `YAMLExpansionCheck` already refused such documents before Yams composed them (Yams
    /// itself cannot hold them); counting again here keeps this recursion bounded for any node.
    static func fromYAML(_ node: Node) throws(GrammarError) -> RawValue {
        var conversion = YAMLConversion()
        return try conversion.convert(node, depth: 1)
    }
}

/// One conversion's running count of values produced, against the budgets.
private struct YAMLConversion {
    var produced = 0

    mutating func convert(_ node: Node, depth: Int) throws(GrammarError) -> RawValue {
        produced += 1
        guard produced <= RawValue.maximumYAMLValues else {
            throw .malformed(
                message: "YAML: expands to more than \(RawValue.maximumYAMLValues) values (aliases counted)")
        }
        guard depth <= RawValue.maximumYAMLDepth else {
            throw .malformed(
                message: "YAML: nesting deeper than \(RawValue.maximumYAMLDepth) (aliases expanded)")
        }
        switch node {
        case .scalar(let scalar):
            return RawValue(yamlScalar: scalar)
        case .sequence(let sequence):
            var items: [RawValue] = []
            items.reserveCapacity(sequence.count)
            for item in sequence { items.append(try convert(item, depth: depth + 1)) }
            return .array(items)
        case .mapping(let mapping):
            var pairs: [(String, RawValue)] = []
            pairs.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                pairs.append((key.string ?? "", try convert(value, depth: depth + 1)))
            }
            return .object(pairs)
        case .alias:
            return .null
        }
    }
}

extension RawValue {
    /// A scalar: grammars hold strings; only plain scalars may be booleans, numbers or null.
    fileprivate init(yamlScalar scalar: Node.Scalar) {
        if scalar.style == .plain {
            if let bool = Bool.construct(from: scalar) {
                self = .bool(bool)
                return
            }
            if let number = Double.construct(from: scalar), scalar.string.first?.isNumber == true {
                self = .number(number)
                return
            }
            if scalar.string == "~" || scalar.string == "null" {
                self = .null
                return
            }
        }
        self = .string(scalar.string)
    }
}
