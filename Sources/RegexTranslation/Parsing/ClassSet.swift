/// A set of characters, as Oniguruma's bracket expressions and class escapes describe it.
///
/// Oniguruma classes nest (`[a-z[0-9]]` is a union) and intersect (`[a-z&&[^aeiou]]`), which
/// PCRE2 10.42 classes cannot say; the emitter flattens what it can and uses lookarounds for the
/// rest.
indirect enum ClassSet: Hashable, Sendable {
    /// The union of `items`, complemented when `negated` (`[^…]`).
    case union([ClassItem], negated: Bool)
    /// The intersection of `operands` (`A&&B`), complemented when `negated` (`[^A&&B]`).
    case intersection([ClassSet], negated: Bool)
}

/// One member of a bracket expression.
enum ClassItem: Hashable, Sendable {
    /// One scalar.
    case scalar(UInt32)
    /// An inclusive range of scalars.
    case range(UInt32, UInt32)
    /// A predefined set, already spelled as PCRE2 class items.
    case fragment(ClassFragment)
    /// A nested bracket expression.
    case nested(ClassSet)
}

/// A predefined set spelled as the body of a PCRE2 class, such as `\p{Lu}` or `0-9a-fA-F`.
struct ClassFragment: Hashable, Sendable {
    /// PCRE2 class items whose union is the set (or its complement when `negated`).
    var items: [String]
    /// Whether the fragment is the complement of the union of `items`.
    var negated: Bool

    /// The complement of this fragment.
    var inverted: ClassFragment { ClassFragment(items: items, negated: !negated) }

    /// A fragment that is the union of `items`.
    static func positive(_ items: String...) -> ClassFragment {
        ClassFragment(items: items, negated: false)
    }

    /// A fragment that is the complement of the union of `items`.
    static func negative(_ items: String...) -> ClassFragment {
        ClassFragment(items: items, negated: true)
    }
}
