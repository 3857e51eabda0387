/// The characters a match may begin with, when the pattern pins them: PCRE2 works them out for
/// itself and skips to the next place one occurs, except where they come from a class
/// under `PCRE2_UCP` (`\d`, `\w`, `\s`, `\p{…}`). There it gives up and tries every start,
/// running each of the pattern's alternatives at each: a search for Rust's number pattern
/// (`\b(\d[\d_]*…)(f32|f64)?\b|…`) took about a microsecond. A lookahead of these
/// characters in front of the pattern (the engine's `StartLookahead`) gives PCRE2 the set
/// back.
///
/// A superset: the characters of `OnigNode.firstCharacters`, classes too large to list named
/// by their PCRE2 source for the engine to ask PCRE2 about, and, when the pattern folds case
/// anywhere, both cases of each ASCII letter, any character outside ASCII, and every ASCII
/// letter once a character outside ASCII or a class is in the set (KELVIN SIGN folds to `k`).
public struct MatchStart: Hashable, Sendable {
    /// ASCII scalars: bit `s` of `asciiLow` for `s` below 64, bit `s - 64` of `asciiHigh` for
    /// the rest.
    public var asciiLow: UInt64
    public var asciiHigh: UInt64
    /// Scalars outside ASCII, ascending.
    public var others: [UInt32]
    /// Classes too large to list, as PCRE2 patterns of one class, sorted: any of their
    /// characters may begin a match.
    public var classes: [String]
    /// Whether any character outside ASCII may begin a match (a fold of case, say), whatever
    /// `others` and `classes` say.
    public var anyOutsideASCII: Bool

    /// Creates a start set.
    public init(
        asciiLow: UInt64, asciiHigh: UInt64, others: [UInt32] = [], classes: [String] = [],
        anyOutsideASCII: Bool = false
    ) {
        self.asciiLow = asciiLow
        self.asciiHigh = asciiHigh
        self.others = others
        self.classes = classes
        self.anyOutsideASCII = anyOutsideASCII
    }

    /// The start set of `tree`, or nil when a match may begin with anything or with nothing
    /// (a pattern that can match the empty string pins no character).
    static func of(_ tree: OnigNode, emitter: PCRE2Emitter) -> MatchStart? {
        var sources: [ClassSet: String?] = [:]
        let (characters, mayBeEmpty) = tree.firstCharacters { set in
            if let members = set.members() { return .scalars(members) }
            let source = sources[set] ?? (try? emitter.emit(.set(set)))
            sources[set] = source
            guard let source else { return .any }
            return .some(scalars: [], classes: [source])
        }
        guard !mayBeEmpty, case .some(let scalars, let classes) = characters else { return nil }
        var start = MatchStart(asciiLow: 0, asciiHigh: 0, classes: classes.sorted())
        for scalar in scalars.sorted() {
            if scalar < 0x80 { start.insertASCII(UInt8(scalar)) } else { start.others.append(scalar) }
        }
        if tree.ignoresCaseAnywhere {
            start.anyOutsideASCII = true
            // A character outside ASCII may fold to an ASCII letter, and a class asked about
            // without the fold holds only the cases it names.
            let everyLetter = !start.others.isEmpty || !start.classes.isEmpty
            for letter in UInt8(ascii: "a")...UInt8(ascii: "z") {
                if everyLetter || start.containsASCII(letter) || start.containsASCII(letter & ~0x20) {
                    start.insertASCII(letter)
                    start.insertASCII(letter & ~0x20)
                }
            }
        }
        return start
    }

    /// Whether ASCII scalar `byte` is in the set (leaving classes aside).
    func containsASCII(_ byte: UInt8) -> Bool {
        byte < 64 ? asciiLow & (1 << UInt64(byte)) != 0 : asciiHigh & (1 << UInt64(byte - 64)) != 0
    }

    private mutating func insertASCII(_ byte: UInt8) {
        if byte < 64 { asciiLow |= 1 << UInt64(byte) } else { asciiHigh |= 1 << UInt64(byte - 64) }
    }
}
