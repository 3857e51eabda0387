/// A recursive-descent parser for Oniguruma syntax (`ONIG_SYNTAX_ONIGURUMA` with
/// `ONIG_OPTION_CAPTURE_GROUP`), producing an ``OnigNode`` tree.
///
/// It reads UTF-8 bytes so that every error carries a UTF-8 offset. Invalid input throws
/// ``PatternTranslationError``; nothing on an input-driven path traps.
struct OnigParser {
    /// The options in force at the current position.
    struct Options: Hashable, Sendable {
        /// `(?i)`.
        var ignoreCase = false
        /// `(?x)`: whitespace and `#` comments are skipped.
        var extended = false
    }

    /// The pattern's UTF-8 bytes.
    let bytes: [UInt8]
    /// The next byte to read.
    var position = 0
    /// Options in force.
    var options = Options()
    /// Capture groups opened so far.
    var groupCount = 0
    /// Group numbers by name, in order of definition.
    var names: [String: [Int]] = [:]
    /// Facts gathered for ``TranslatedPattern``.
    var facts = PatternFacts()
    /// How deeply groups nest; bounded so hostile input cannot exhaust the stack.
    var depth = 0
    /// How many look-arounds enclose the current position.
    var lookaroundDepth = 0
    /// Group numbers that conditions test, with their offsets, checked once all groups are known.
    var conditionReferences: [(number: Int, offset: Int)] = []

    /// Creates a parser for `pattern`.
    init(_ pattern: String) {
        bytes = Array(pattern.utf8)
    }

    /// The deepest group nesting accepted: far beyond any grammar, and shallow enough for the
    /// recursive parser and emitter on a 512 KiB secondary-thread stack.
    static let maximumDepth = 100
}

/// What the parse found out about a pattern, independent of how it is emitted.
struct PatternFacts: Hashable, Sendable {
    /// `\A` occurs.
    var usesAnchorA = false
    /// `\G` occurs.
    var usesAnchorG = false
    /// `\g<…>` occurs.
    var usesSubroutineCalls = false
    /// `\K` occurs.
    var usesMatchReset = false
    /// The highest group number a back-reference names.
    var highestBackReference = 0
    /// Approximations made, in words.
    var approximations: [String] = []
}

extension OnigParser {
    /// Parses the whole pattern.
    mutating func parsePattern() throws(PatternTranslationError) -> OnigNode {
        let node = try parseAlternation()
        if position < bytes.count {
            // Only an unbalanced `)` stops an alternation before the end.
            throw error("unmatched close parenthesis", at: position)
        }
        for reference in conditionReferences where reference.number > groupCount {
            throw error("invalid backref number/name", at: reference.offset)
        }
        return node
    }

    /// Parses branches separated by `|` up to an unconsumed `)` or the end.
    mutating func parseAlternation() throws(PatternTranslationError) -> OnigNode {
        var branches: [OnigNode] = []
        while true {
            let (branch, tookRest) = try parseSequence()
            branches.append(branch)
            // After an isolated option, the group's remaining branches belong to its scope.
            if tookRest { break }
            skipInsignificant()
            guard consume(UInt8(ascii: "|")) else { break }
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Parses one branch; the flag is set when an isolated option took the rest of the group.
    mutating func parseSequence() throws(PatternTranslationError) -> (OnigNode, Bool) {
        var items: [OnigNode] = []
        while true {
            skipInsignificant()
            guard let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") else { break }
            let start = position
            if let isolated = try parseIsolatedOption() {
                // `a(?i)b|c` is `a(?i:b|c)`: the option scopes the rest of the enclosing group.
                guard depth < Self.maximumDepth else { throw error("groups nested too deeply", at: start) }
                let saved = options
                options = isolated.options
                depth += 1
                let rest = try parseAlternation()
                depth -= 1
                options = saved
                if isolated.change != OnigOptionChange() {
                    items.append(.group(.options(isolated.change), rest))
                } else if case .alternation = rest {
                    // Only x-mode changed: the group now just keeps the branches together.
                    items.append(.group(.nonCapturing, rest))
                } else {
                    items.append(rest)
                }
                return (Self.sequence(items), true)
            }
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifiers(atom, atomStart: start))
        }
        return (Self.sequence(items), false)
    }

    /// A sequence node, collapsing the trivial cases.
    static func sequence(_ items: [OnigNode]) -> OnigNode {
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    /// Parses one atom; nil when the input was a comment or produced nothing.
    mutating func parseAtom() throws(PatternTranslationError) -> OnigNode? {
        let start = position
        guard let byte = next() else { return nil }
        switch byte {
        case UInt8(ascii: "("):
            return try parseGroup(openedAt: start)
        case UInt8(ascii: "["):
            return .set(try parseClass(openedAt: start))
        case UInt8(ascii: "\\"):
            return try parseEscape(at: start)
        case UInt8(ascii: "."):
            return .dot
        case UInt8(ascii: "^"):
            return .anchor(.lineStart)
        case UInt8(ascii: "$"):
            return .anchor(.lineEnd)
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
            throw error("target of repeat operator is not specified", at: start)
        case UInt8(ascii: "{"):
            position = start
            if try parseInterval() != nil {
                throw error("target of repeat operator is not specified", at: start)
            }
            position = start + 1
            return .literal(UInt32(byte))
        default:
            position = start
            return Self.literal(try nextScalar(), ignoreCase: options.ignoreCase)
        }
    }

    /// Scalars whose Unicode case folding is several characters, which Oniguruma matches under
    /// `(?i)` and PCRE2 does not (`ß` matches `SS`).
    static let multiCharacterFolds: [UInt32: String] = [
        0xDF: "ss", 0x1E9E: "ss", 0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl",
        0xFB05: "st", 0xFB06: "st",
    ]

    /// A literal; under `(?i)` a multi-character fold also accepts its expansion.
    static func literal(_ scalar: UInt32, ignoreCase: Bool) -> OnigNode {
        guard ignoreCase, let folded = multiCharacterFolds[scalar] else { return .literal(scalar) }
        let expansion = OnigNode.sequence(folded.unicodeScalars.map { .literal($0.value) })
        return .group(.nonCapturing, .alternation([.literal(scalar), expansion]))
    }

    /// Skips x-mode whitespace and comments when `(?x)` is on.
    mutating func skipInsignificant() {
        guard options.extended else { return }
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                position += 1
            } else if byte == UInt8(ascii: "#") {
                while let c = peek(), c != 0x0A { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next byte without consuming it.
    func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes and returns the next byte.
    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Consumes `byte` if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes the scalar at `position`; the bytes come from a `String`, so they are valid UTF-8.
    mutating func nextScalar() throws(PatternTranslationError) -> UInt32 {
        let start = position
        guard let lead = next() else { throw error("unexpected end of pattern", at: start) }
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0x7F >> UInt32(length))
        for _ in 1..<length {
            guard let byte = next(), byte & 0xC0 == 0x80 else {
                throw error("invalid UTF-8 in pattern", at: start)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return value
    }

    /// An error at `offset` (the current position by default).
    func error(_ message: String, at offset: Int? = nil) -> PatternTranslationError {
        PatternTranslationError(message: message, offset: offset ?? position)
    }
}
