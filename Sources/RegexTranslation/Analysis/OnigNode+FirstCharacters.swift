/// Characters a match may consume at some point (the first characters of a node, or what
/// may follow a repetition): a finite set of scalars plus classes too large to list, named by
/// their PCRE2 sources so that a `CharacterClassOracle` can be asked about them; or anything.
enum FirstCharacters: Equatable {
    /// These scalars, and the characters of these classes (PCRE2 sources).
    case some(scalars: ScalarSet, classes: Set<String>)
    /// Any character.
    case any

    /// No character at all.
    static let none = FirstCharacters.some(scalars: [], classes: [])

    /// These scalars and no class.
    static func scalars(_ scalars: ScalarSet) -> FirstCharacters { .some(scalars: scalars, classes: []) }

    /// The characters of either.
    func union(_ other: FirstCharacters) -> FirstCharacters {
        guard case .some(let scalars, let classes) = self,
            case .some(let otherScalars, let otherClasses) = other
        else { return .any }
        return .some(
            scalars: scalars.union(otherScalars),
            classes: otherClasses.isEmpty ? classes : classes.union(otherClasses))
    }
}

extension OnigNode {
    /// The characters a match of this node may consume first, and whether it may consume none
    /// (so that what follows it may supply the first character).
    ///
    /// Conservative in the direction that keeps a rewrite safe: the characters are a superset
    /// and `mayBeEmpty` is true when unsure. What the walk does not follow (a dot, a verbatim
    /// escape, a back-reference, a call, a conditional, the absent operator) may begin with
    /// anything, and all but the dot may be empty. Case folding is not followed: callers that
    /// need exact characters leave out trees that ignore case (`ignoresCaseAnywhere`).
    /// A lookahead whose body must consume counts as consuming, with its body's characters:
    /// it pins the next character to them; other lookarounds are empty and pin nothing. Both
    /// facts come from one walk because a sequence needs both of each element at once.
    ///
    /// - Parameter describe: the characters of one class; `Possessifier` lists small classes
    ///   (`ClassSet.members()`) and names the others by their PCRE2 source, keeping both.
    func firstCharacters(
        describingClassesWith describe: (ClassSet) -> FirstCharacters
    ) -> (characters: FirstCharacters, mayBeEmpty: Bool) {
        switch self {
        case .empty, .anchor: return (.none, true)
        case .literal(let scalar): return (.scalars([scalar]), false)
        case .fail: return (.none, false)
        case .set(let set): return (describe(set), false)
        case .dot: return (.any, false)
        case .sequence(let elements):
            var result = FirstCharacters.none
            for element in elements {
                let (first, mayBeEmpty) = element.firstCharacters(describingClassesWith: describe)
                result = result.union(first)
                if !mayBeEmpty { return (result, false) }
            }
            return (result, true)
        case .alternation(let branches):
            var result = FirstCharacters.none
            var mayBeEmpty = false
            for branch in branches {
                let (first, branchMayBeEmpty) = branch.firstCharacters(describingClassesWith: describe)
                result = result.union(first)
                mayBeEmpty = mayBeEmpty || branchMayBeEmpty
            }
            return (result, mayBeEmpty)
        case .group(let kind, let body):
            switch kind {
            case .capture, .nonCapturing, .options, .atomic:
                return body.firstCharacters(describingClassesWith: describe)
            case .lookahead:
                // A lookahead that must consume pins the next character to its own first ones.
                let (first, mayBeEmpty) = body.firstCharacters(describingClassesWith: describe)
                return mayBeEmpty ? (.none, true) : (first, false)
            case .negativeLookahead, .lookbehind, .negativeLookbehind:
                return (.none, true)
            }
        case .quantified(let inner, let quantifier):
            let (first, mayBeEmpty) = inner.firstCharacters(describingClassesWith: describe)
            return (first, mayBeEmpty || quantifier.min == 0)
        case .verbatim, .backReference, .call, .conditional, .absent:
            return (.any, true)
        }
    }

    /// The scalar every match of this node begins with, when the node plainly starts with a
    /// literal: looking only into capture and non-capturing groups and at the first element
    /// of sequences.
    ///
    /// A syntactic reading, narrower than `firstCharacters`: nil for anything else (a leading
    /// assertion, an alternation, an option group, a repetition), so that a fact built on it
    /// (`LeadingRun`) holds only for the shapes it was measured on.
    var leadingLiteral: UInt32? {
        switch self {
        case .literal(let scalar): return scalar
        case .group(.capture, let body), .group(.nonCapturing, let body): return body.leadingLiteral
        case .sequence(let elements): return elements.first.flatMap(\.leadingLiteral)
        default: return nil
        }
    }
}
