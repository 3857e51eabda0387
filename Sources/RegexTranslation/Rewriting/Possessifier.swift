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
        var members: [ClassSet: ScalarSet?] = [:]
        var sources: [ClassSet: String?] = [:]
    }

    /// `tree` with the repetitions that can never give back made possessive; `tree` itself when
    /// the pattern ignores case somewhere (the sets below do not fold case) or calls
    /// subroutines (a called group runs where a different follow applies).
    static func apply(
        to tree: OnigNode, oracle: CharacterClassOracle, emitter: PCRE2Emitter, usesSubroutineCalls: Bool
    ) -> OnigNode {
        guard !usesSubroutineCalls, hasCandidate(tree), !tree.ignoresCaseAnywhere else { return tree }
        return Possessifier(oracle: oracle, emitter: emitter).rewrite(tree, followedBy: .any)
    }

    /// Rewrites `node`, after which a match may consume a character of `follow` (the first
    /// characters of what comes next).
    func rewrite(_ node: OnigNode, followedBy follow: FirstCharacters) -> OnigNode {
        switch node {
        case .sequence(let elements):
            var rewritten = elements
            var next = follow
            for index in elements.indices.reversed() {
                rewritten[index] = rewrite(elements[index], followedBy: next)
                let (first, mayBeEmpty) = first(of: elements[index])
                next = mayBeEmpty ? first.union(next) : first
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
            let innerFollow = repeats ? first(of: inner).characters.union(follow) : follow
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
    private func canKeepAll(_ inner: OnigNode, before follow: FirstCharacters) -> Bool {
        guard case .some(let scalars, let classes) = follow else { return false }
        let repeated: ScalarSet?
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

    /// `firstCharacters` of `node`, with classes listed when small and otherwise named by
    /// their PCRE2 source, for the oracle; both kept.
    private func first(of node: OnigNode) -> (characters: FirstCharacters, mayBeEmpty: Bool) {
        node.firstCharacters { set in
            if let members = listed(set) { return .scalars(members) }
            guard let source = source(of: .set(set)) else { return .any }
            return .some(scalars: [], classes: [source])
        }
    }

    /// `ClassSet.members()`, kept.
    private func listed(_ set: ClassSet) -> ScalarSet? {
        if let members = known.members[set] { return members }
        let members = set.members()
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
}
