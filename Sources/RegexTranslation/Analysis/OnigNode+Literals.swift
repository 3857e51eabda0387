extension OnigNode {
    /// Whether the node is exactly one character: a literal or a class, whose members the engine
    /// can ask PCRE2 about (the guards, optional characters and lookahead steps of the
    /// shortcuts).
    var isSingleCharacter: Bool {
        switch self {
        case .literal, .set: true
        default: false
        }
    }

    /// The items of a sequence, or the node alone: what a shape that reads a pattern item by
    /// item walks.
    var sequenceItems: [OnigNode] {
        if case .sequence(let items) = self { return items }
        return [self]
    }

    /// The bytes of a non-empty string of ASCII literals (one literal, or a sequence of them),
    /// else nil: a word of a list, a string of a lookbehind.
    var asciiLiteralBytes: [UInt8]? {
        let nodes = sequenceItems
        var bytes: [UInt8] = []
        for node in nodes {
            guard case .literal(let scalar) = node, scalar < 0x80 else { return nil }
            bytes.append(UInt8(scalar))
        }
        return bytes.isEmpty ? nil : bytes
    }
}
