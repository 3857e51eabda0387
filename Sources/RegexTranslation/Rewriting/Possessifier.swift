/// Says whether a character class holds none of some characters; the engine answers with PCRE2
/// itself, so that the translator needs no Unicode tables of its own.
public protocol CharacterClassOracle {
    /// Whether the PCRE2 pattern `classSource` (one class or one literal character, as the
    /// emitter writes it) matches none of `scalars`.
    func excludes(_ classSource: String, all scalars: [UInt32]) -> Bool
}

/// Makes greedy repetitions of one character possessive where giving a character back can
/// never lead to a match, which PCRE2's own auto-possessification finds only when the very
/// next item says so.
///
/// Grammars write identifiers as `[_$[:alpha:]][_$[:alnum:]]*` followed by optional spaces and
/// optional groups before what must come next (`\s*(<…>)?\(`). PCRE2 sees an optional item
/// after the run and keeps the run greedy, so a failed attempt gives back the run's characters
/// one by one and retries the rest of the pattern after each: quadratic in the identifier's
/// length, at every position of the line.
///
/// A repetition of X may be made possessive when every character that a match can consume
/// right after it lies outside X. Then in any match the repetition stops only where the next
/// character is not in X (or at its maximum count), which is where the possessive form stops
/// too; the attempts that gave characters back all failed. So the matches, their groups and
/// which one is found first are unchanged. The characters that may come next are the first
/// characters of what follows, looked for through optional items, groups and zero-width
/// assertions. Wherever the match may end, or what follows is unknown (a back-reference, a
/// dot), nothing changes; and one side must be small enough to list (the characters that
/// follow, or the repeated ones), so that the other side's classes can be asked about each.
struct Possessifier {
    let oracle: CharacterClassOracle
    let emitter: PCRE2Emitter
    // What a class lists and how PCRE2 spells it, kept per pattern: the walk asks again for
    // every sequence around a class, and a pattern names the same classes many times.
    private let known = KnownClasses()

    private final class KnownClasses {
        var members: [ClassSet: Set<UInt32>?] = [:]
        var sources: [ClassSet: String?] = [:]
    }

    /// What may be consumed next: a finite set of scalars and classes too large to list
    /// (as PCRE2 sources), or anything.
    enum Follow: Equatable {
        case some(scalars: Set<UInt32>, classes: Set<String>)
        case any

        static let none = Follow.some(scalars: [], classes: [])

        static func scalars(_ scalars: Set<UInt32>) -> Follow { .some(scalars: scalars, classes: []) }

        func union(_ other: Follow) -> Follow {
            guard case .some(let scalars, let classes) = self,
                case .some(let otherScalars, let otherClasses) = other
            else { return .any }
            return .some(scalars: scalars.union(otherScalars), classes: classes.union(otherClasses))
        }
    }

    /// Scalars matched by PCRE2's `\s` under UCP (a superset: White_Space and the separators,
    /// which Unicode keeps stable, plus NEL and the Mongolian vowel separator).
    static let spaceScalars: Set<UInt32> = Set(
        [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000,
        ]
            + Array(0x2000...0x200A))

    /// The largest range of a class that is spelled out as scalars; larger ones count as
    /// anything.
    static let largestRange: UInt32 = 256

    /// `tree` with the repetitions that can never give back made possessive; `tree` itself when
    /// the pattern ignores case somewhere (the sets below do not fold case) or calls
    /// subroutines (a called group runs where a different follow applies).
    static func apply(
        to tree: OnigNode, oracle: CharacterClassOracle, emitter: PCRE2Emitter, usesSubroutineCalls: Bool
    ) -> OnigNode {
        guard !usesSubroutineCalls, hasCandidate(tree), !ignoresCase(tree) else { return tree }
        return Possessifier(oracle: oracle, emitter: emitter).rewrite(tree, followedBy: .any)
    }

    /// Rewrites `node`, after which a match may consume a character of `follow`.
    func rewrite(_ node: OnigNode, followedBy follow: Follow) -> OnigNode {
        switch node {
        case .sequence(let elements):
            var rewritten = elements
            var next = follow
            for index in elements.indices.reversed() {
                rewritten[index] = rewrite(elements[index], followedBy: next)
                let (first, nullable) = first(of: elements[index])
                next = nullable ? first.union(next) : first
            }
            return .sequence(rewritten)
        case .alternation(let branches):
            return .alternation(branches.map { rewrite($0, followedBy: follow) })
        case .group(let kind, let body):
            switch kind {
            case .capture, .nonCapturing, .options:
                return .group(kind, rewrite(body, followedBy: follow))
            case .lookahead, .negativeLookahead, .atomic:
                // The body's first match stands whatever follows: the match may end there.
                return .group(kind, rewrite(body, followedBy: .any))
            case .lookbehind, .negativeLookbehind:
                return node
            }
        case .quantified(let inner, var quantifier):
            let repeats = quantifier.max.map { $0 > 1 } ?? true
            let innerFollow = repeats ? first(of: inner).set.union(follow) : follow
            let rewrittenInner = rewrite(inner, followedBy: innerFollow)
            if quantifier.mode == .greedy, quantifier.max != quantifier.min, canKeepAll(inner, before: follow)
            {
                quantifier.mode = .possessive
            }
            return .quantified(rewrittenInner, quantifier)
        default:
            return node
        }
    }

    /// Whether a repetition of `inner` never gains by giving back before `follow`: no
    /// character may both be repeated and come next. One side must be a finite set, whose
    /// members the other side's classes are asked about.
    private func canKeepAll(_ inner: OnigNode, before follow: Follow) -> Bool {
        guard case .some(let scalars, let classes) = follow else { return false }
        let repeated: Set<UInt32>?
        switch inner {
        case .literal(let scalar): repeated = [scalar]
        case .set(let set): repeated = listed(set)
        default: return false
        }
        if scalars.isEmpty && classes.isEmpty { return true }
        if let repeated {
            // The repeated characters are listed: none may be listed next, nor be in a class
            // that may come next.
            guard repeated.isDisjoint(with: scalars) else { return false }
            let asked = repeated.sorted()
            return classes.allSatisfy { oracle.excludes($0, all: asked) }
        }
        // The repeated class is too large to list: what comes next must be.
        guard classes.isEmpty, let source = source(of: inner) else { return false }
        return oracle.excludes(source, all: scalars.sorted())
    }

    /// The characters a match of `node` may consume first, and whether it may consume none
    /// (so that what follows it may come first).
    func first(of node: OnigNode) -> (set: Follow, nullable: Bool) {
        switch node {
        case .empty, .anchor: return (.none, true)
        case .literal(let scalar): return (.scalars([scalar]), false)
        case .fail: return (.none, false)
        case .set(let set):
            if let members = listed(set) { return (.scalars(members), false) }
            // A class too large to list is named by its PCRE2 source, for the oracle.
            guard let source = source(of: node) else { return (.any, false) }
            return (.some(scalars: [], classes: [source]), false)
        case .dot: return (.any, false)
        case .sequence(let elements):
            var result = Follow.none
            for element in elements {
                let (first, nullable) = first(of: element)
                result = result.union(first)
                if !nullable { return (result, false) }
            }
            return (result, true)
        case .alternation(let branches):
            var result = Follow.none
            var nullable = false
            for branch in branches {
                let (first, branchNullable) = first(of: branch)
                result = result.union(first)
                nullable = nullable || branchNullable
            }
            return (result, nullable)
        case .group(let kind, let body):
            switch kind {
            case .capture, .nonCapturing, .options, .atomic:
                return first(of: body)
            case .lookahead:
                // A lookahead that must consume pins the next character to its own first ones.
                let (first, nullable) = first(of: body)
                return nullable ? (.none, true) : (first, false)
            case .negativeLookahead, .lookbehind, .negativeLookbehind:
                return (.none, true)
            }
        case .quantified(let inner, let quantifier):
            let (first, nullable) = first(of: inner)
            return (first, nullable || quantifier.min == 0)
        case .verbatim, .backReference, .call, .conditional, .absent:
            return (.any, true)
        }
    }

    /// `members(of:)`, kept.
    private func listed(_ set: ClassSet) -> Set<UInt32>? {
        if let members = known.members[set] { return members }
        let members = Self.members(of: set)
        known.members[set] = members
        return members
    }

    /// The PCRE2 source of `node`, kept for classes.
    private func source(of node: OnigNode) -> String? {
        guard case .set(let set) = node else { return try? emitter.emit(node) }
        if let source = known.sources[set] { return source }
        let source = try? emitter.emit(node)
        known.sources[set] = source
        return source
    }

    /// Whether `node` holds a repetition the rewrite could change: greedy, of a class or a
    /// literal, with a variable count. Most patterns hold none, and are left as they are
    /// without walking them again.
    static func hasCandidate(_ node: OnigNode) -> Bool {
        switch node {
        case .quantified(let inner, let quantifier):
            switch inner {
            case .set, .literal:
                if quantifier.mode == .greedy && quantifier.max != quantifier.min { return true }
            default: break
            }
            return hasCandidate(inner)
        case .sequence(let nodes), .alternation(let nodes): return nodes.contains(where: hasCandidate)
        case .group(.lookbehind, _), .group(.negativeLookbehind, _): return false
        case .group(_, let body): return hasCandidate(body)
        default: return false
        }
    }

    /// The scalars of `set` when it is a small enough union of scalars, ranges and `\s`.
    static func members(of set: ClassSet) -> Set<UInt32>? {
        guard case .union(let items, negated: false) = set else { return nil }
        var result = Set<UInt32>()
        for item in items {
            switch item {
            case .scalar(let scalar): result.insert(scalar)
            case .range(let low, let high):
                guard low <= high, high - low < largestRange else { return nil }
                result.formUnion(low...high)
            case .fragment(let fragment):
                guard !fragment.negated, fragment.items.allSatisfy({ $0 == "\\s" }) else { return nil }
                result.formUnion(spaceScalars)
            case .nested(let nested):
                guard let inner = members(of: nested) else { return nil }
                result.formUnion(inner)
            }
        }
        return result
    }

    /// Whether any part of `node` switches case folding on.
    static func ignoresCase(_ node: OnigNode) -> Bool {
        switch node {
        case .group(.options(let change), let body): return change.ignoreCase == true || ignoresCase(body)
        case .group(_, let body): return ignoresCase(body)
        case .sequence(let nodes), .alternation(let nodes): return nodes.contains(where: ignoresCase)
        case .quantified(let inner, _): return ignoresCase(inner)
        case .conditional(let condition, let yes, let no):
            if case .assertion(let assertion) = condition, ignoresCase(assertion) { return true }
            return ignoresCase(yes) || (no.map(ignoresCase) ?? false)
        case .absent(let inner): return ignoresCase(inner)
        default: return false
        }
    }
}
