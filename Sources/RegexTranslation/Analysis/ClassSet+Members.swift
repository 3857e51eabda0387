/// The scalars a class holds, when it is small and plain enough to list without Unicode
/// tables: the translator keeps none, so any class built on a property (`\w`, `\p{L}`, a
/// POSIX bracket), a negation or an intersection is not listed, and the question about it
/// goes to a `CharacterClassOracle` (PCRE2 itself) instead.
///
/// Conservative: nil means "not listed", never "empty"; a listed set holds every character of
/// the class, perhaps a few more (folding aside, which the callers leave out:
/// `OnigNode.ignoresCaseAnywhere`).
extension ClassSet {
    /// Scalars matched by PCRE2's `\s` under UCP (a superset: White_Space and the separators,
    /// which Unicode keeps stable, plus NEL and the Mongolian vowel separator).
    static let spaceScalars = ScalarSet(
        [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000,
        ]
            + Array(0x2000...0x200A))

    /// The largest range of a class that is spelled out as scalars; a class with a larger one
    /// is not listed.
    static let largestListedRange: UInt32 = 256

    /// The scalars of this set when it is a small enough union of scalars, ranges, `\s` and
    /// nested such unions, else nil.
    ///
    /// `\s` counts as its superset `spaceScalars`, so the set may hold a few scalars the class
    /// does not: the possessive rewrite only asks whether sets are disjoint, and a larger set
    /// can only make it keep a repetition as it was.
    func members() -> ScalarSet? {
        guard case .union(let items, negated: false) = self else { return nil }
        var result = ScalarSet()
        for item in items {
            switch item {
            case .scalar(let scalar): result.insert(scalar)
            case .range(let low, let high):
                guard low <= high, high - low < Self.largestListedRange else { return nil }
                result.insert(contentsOf: low...high)
            case .fragment(let fragment):
                guard !fragment.negated, fragment.items.allSatisfy({ $0 == "\\s" }) else { return nil }
                result.formUnion(Self.spaceScalars)
            case .nested(let nested):
                guard let inner = nested.members() else { return nil }
                result.formUnion(inner)
            }
        }
        return result
    }

    /// The UTF-8 spelling of each member when this set is a union of at most `limit` plain
    /// scalars (`[\(\<]`), else nil: the exact strings a class adds to the literal-string
    /// analyses (`RequiredLiterals`, `RequiredWords`), which follow no range or property.
    func memberStrings(atMost limit: Int) -> Set<[UInt8]>? {
        guard case .union(let items, negated: false) = self, items.count <= limit else { return nil }
        var strings: Set<[UInt8]> = []
        for item in items {
            guard case .scalar(let value) = item, let scalar = Unicode.Scalar(value) else { return nil }
            strings.insert(Array(String(Character(scalar)).utf8))
        }
        return strings
    }
}
