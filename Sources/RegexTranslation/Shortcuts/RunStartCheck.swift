/// A check that lets PCRE2 skip the starts inside a run where a pattern cannot match because it
/// did not match one character earlier: the cure for a pattern that reads a whole run from
/// each of its characters.
///
/// JavaScript's method definition begins `(?<![…])(?:(async|get|set|static)\s+)?(\*)?\s*+`:
/// every space of a line is a start, and from each one `\s*+` reads all the spaces left before
/// the rest fails. A line of 19,000 spaces took 1.5 s to search. The same holds for YAML's
/// numbers (`[0-9][0-9_]*` before a lookahead) over a run of digits, and for any pattern that
/// begins with a run.
///
/// Say a pattern is `L M`, where `L` is zero-width and `M` begins with a run of a class `C`
/// (`C*`, `C+`, `C*+`, `C{2,}`…), perhaps after optional items and assertions. If `M` matches
/// at `s` and the character at `s - 1` is in `C`, then `M` matches at `s - 1` too: the run
/// from `s - 1` takes that character and then reaches every place the run from `s` reaches,
/// and what follows the run is the same. So when `s - 1` is a start PCRE2 already tried in
/// this search (`s` is not the search start, `\G`), `L` held there, and `s - 1` is in `C`, the
/// search failed at `s - 1` and fails at `s`: the check rejects `s` without running `M`. Only
/// the first two starts of a run then read it; the search is linear in the run. A
/// combined alternation keeps this true, since it tries every alternative at `s - 1` too.
///
/// What `M` may hold before its run, each making its own condition on `s` or `s - 1`:
/// - an optional item (`(\*)?`): it must not match at `s`, where it would consume and the
///   match at `s - 1` might not (with a possessive one, also not at `s - 1`, where it would
///   leave no empty choice);
/// - an assertion: it must hold at `s - 1`;
/// - a lookahead whose body begins with a run (YAML's `(?=[ \t]++#|[ \t]*$)`): its body's
///   conditions;
/// - one character before a run (`[0-9][0-9_]*`): `s - 1` in the first class, `s` in the run's;
/// - an alternation: every branch's conditions, and for a branch that does not begin with a
///   run, that it does not match at `s`.
///
/// Left alone: patterns with back-references, conditionals and calls (a group's text would
/// differ between the two starts), `\G` (the check is built on it) and `\K`; option groups
/// (the checked items would leave their scope); and patterns without such a run.
public struct RunStartCheck: Hashable, Sendable {
    /// The check, a negative lookahead in PCRE2 syntax, to insert at ``offset``.
    public var source: String
    /// Where the check goes in the translated source, in UTF-8 bytes: after the pattern's
    /// leading assertions, which must hold before the check is worth running.
    public var offset: Int

    /// Creates a check.
    public init(source: String, offset: Int) {
        self.source = source
        self.offset = offset
    }

    /// `source` with the check inserted, the rest grouped (a top-level alternation stays one).
    public func applied(to source: String) -> String {
        let bytes = Array(source.utf8)
        let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
        let rest = String(decoding: bytes[offset...], as: UTF8.self)
        return prefix + self.source + "(?:" + rest + ")"
    }

    /// The check for `tree` as it is emitted (after the possessive rewrite), or nil when the
    /// pattern has no run to check or holds something the argument above does not cover.
    /// `itemEnds` are where each top-level item of `tree` ends in the emitted source, in UTF-8
    /// bytes (one entry, the whole source, when `tree` is not a sequence).
    static func of(
        _ tree: OnigNode, emitter: PCRE2Emitter, itemEnds: [Int], facts: PatternFacts
    ) -> RunStartCheck? {
        guard !facts.usesAnchorG, !facts.usesMatchReset, !facts.usesSubroutineCalls,
            facts.highestBackReference == 0
        else { return nil }
        let items = tree.sequenceItems
        var walk = RunStartWalk()
        guard let condition = walk.conditions(of: items[...]), !tree.containsItemChecksCannotCopy,
            let check = try? emitter.emit(condition.check)
        else { return nil }
        // Leading lookbehinds and anchors stay first: they cost little, and the check runs
        // only where they hold.
        let leading = items.prefix { $0.looksOnlyBehind }.count
        let offset = leading == 0 ? 0 : itemEnds[leading - 1]
        return RunStartCheck(source: check, offset: offset)
    }
}

/// What must hold at a start `s` and one character before it for a match at `s` to imply one
/// at `s - 1`.
private indirect enum RunStartCondition: Equatable {
    /// Zero-width items that hold at `s - 1`, and a class of one character that `s - 1` is in.
    case previous([OnigNode], OnigNode)
    /// A zero-width item that holds at `s`.
    case start(OnigNode)
    /// Every condition.
    case all([RunStartCondition])
    /// One condition at least.
    case any([RunStartCondition])

    /// The condition as zero-width PCRE2 items.
    var node: OnigNode {
        switch self {
        case .previous(let assertions, let characterClass):
            return .group(.lookbehind, .sequence(assertions + [characterClass]))
        case .start(let item): return item
        // The lookbehinds first: they read one character and its neighbours, and fail at most
        // starts (the character before is seldom in the run's class), where the rest is not
        // read.
        case .all(let conditions): return .sequence(conditions.sorted { $0.rank < $1.rank }.map(\.node))
        case .any(let conditions): return .group(.nonCapturing, .alternation(conditions.map(\.node)))
        }
    }

    /// The order conditions are tested in, cheapest first.
    private var rank: Int {
        switch self {
        case .previous: 0
        case .all, .any: 1
        case .start: 2
        }
    }

    /// `(?!(?!\G)…)`: reject a start that is not the search's where the condition holds.
    var check: OnigNode {
        .group(.negativeLookahead, .sequence([.group(.negativeLookahead, .verbatim("\\G")), node]))
    }
}

/// A walk over a pattern's items up to the runs they begin with, gathering the conditions.
private struct RunStartWalk {
    /// Zero-width items met so far that must hold at `s - 1` on the path to a run.
    var previousAssertions: [OnigNode] = []
    /// The conditions found so far, all of which must hold.
    var conditions: [RunStartCondition] = []
    /// Whether a run was found (in a lookahead, or where the walk ended).
    var foundRun = false
    /// The classes of the characters one back that the runs found ask for.
    var runClasses: [OnigNode] = []

    /// How a walk over items ended.
    enum Outcome {
        /// A run was found: what follows it is the same from both starts.
        case run
        /// The items end without a run, having consumed nothing at either start.
        case noRun
        /// An item that breaks the argument.
        case refused
    }

    /// The condition for a whole pattern of `items`, nil when there is none.
    mutating func conditions(of items: ArraySlice<OnigNode>) -> RunStartCondition? {
        switch walk(items) {
        case .refused: return nil
        case .run: break
        case .noRun:
            // The pattern consumed nothing outside lookaheads: what it asserted after the last
            // of them must hold one character back too.
            guard foundRun else { return nil }
            if !previousAssertions.isEmpty {
                conditions.append(.previous(previousAssertions, .verbatim("[\\s\\S]")))
            }
        }
        // Each run asks for the character one back in its class; where it is in none, which is
        // at most starts, the check cannot reject, and a first lookbehind of them all says so
        // at once. Without it, an alternation's check would try every branch that does not
        // begin with a run at such a start, as the pattern itself does next.
        let oneBack = RunStartCondition.previous(
            [], runClasses.count == 1 ? runClasses[0] : .alternation(runClasses))
        let testsItFirst =
            runClasses.count == 1
            && conditions.contains {
                if case .previous(_, let runClass) = $0 { return runClass == runClasses[0] }
                return false
            }
        return testsItFirst ? .all(conditions) : .all([oneBack, .all(conditions)])
    }

    /// Notes a run's class one character back.
    private mutating func found(_ runClass: OnigNode) {
        foundRun = true
        if !runClasses.contains(runClass) { runClasses.append(runClass) }
    }

    /// Walks `items` (a sequence) up to the first run, adding their conditions.
    mutating func walk(_ items: ArraySlice<OnigNode>) -> Outcome {
        var index = items.startIndex
        while index < items.endIndex {
            let item = items[index]
            if let run = item.repeatedCharacter {
                conditions.append(.previous(previousAssertions, run))
                found(run)
                return .run
            }
            // One character, then a run: `s - 1` in the first, `s` in the run's class.
            if item.isOneCharacter, index + 1 < items.endIndex, let run = items[index + 1].repeatedCharacter {
                conditions.append(.previous(previousAssertions, item))
                conditions.append(.start(.group(.lookahead, run)))
                found(item)
                return .run
            }
            switch item {
            case .empty:
                break
            case .group(.lookahead, let body):
                var inner = RunStartWalk(previousAssertions: previousAssertions)
                if case .run = inner.walk(body.sequenceItems[...]) {
                    conditions += inner.conditions
                    for runClass in inner.runClasses { found(runClass) }
                } else {
                    previousAssertions.append(item.withoutCaptures)
                }
            case _ where item.isZeroWidthAssertion(countingSearchStart: false):
                previousAssertions.append(item.withoutCaptures)
            case .quantified(let inner, let quantifier)
            where quantifier.min == 0 && !inner.isZeroWidthAssertion(countingSearchStart: false):
                // Optional: it must not match at `s`, and a possessive one, which leaves no
                // empty choice where it matches, not at `s - 1` either.
                let absent = OnigNode.group(.negativeLookahead, inner.withoutCaptures)
                conditions.append(.start(absent))
                if quantifier.mode == .possessive { previousAssertions.append(absent) }
            case .group(.capture, let body), .group(.nonCapturing, let body):
                switch walk(body.sequenceItems[...]) {
                case .run: return .run
                case .refused: return .refused
                case .noRun: break
                }
            case .alternation(let branches):
                return walk(branches: branches)
            default:
                return .refused
            }
            index += 1
        }
        return .noRun
    }

    /// An alternation: for each branch, either it does not match at `s` or its conditions
    /// hold; a branch without a run must not match at `s`. One branch at least has a run.
    private mutating func walk(branches: [OnigNode]) -> Outcome {
        // The branches' walks first: most alternations (keyword lists) have no run, and need
        // no copies.
        let walks = branches.map { branch in
            var inner = RunStartWalk(previousAssertions: previousAssertions)
            let outcome = inner.walk(branch.sequenceItems[...])
            return (inner, outcome)
        }
        guard walks.contains(where: { if case .run = $0.1 { true } else { false } }) else { return .refused }
        for (branch, (inner, outcome)) in zip(branches, walks) {
            let absent = RunStartCondition.start(.group(.negativeLookahead, branch.withoutCaptures))
            if case .run = outcome {
                // The branch's own conditions first: where they hold, the branch is not read.
                conditions.append(.any([.all(inner.conditions), absent]))
                for runClass in inner.runClasses { found(runClass) }
            } else {
                conditions.append(absent)
            }
        }
        return .run
    }
}

extension OnigNode {
    /// One character of a class, a literal or `.`.
    fileprivate var isOneCharacter: Bool { isSingleCharacter || self == .dot }

    /// The character class repeated without an upper bound (`C*`, `C+?`, `C{2,}+`), perhaps
    /// in a group; nil for anything else.
    fileprivate var repeatedCharacter: OnigNode? {
        switch self {
        case .quantified(let inner, let quantifier) where quantifier.max == nil && inner.isOneCharacter:
            return inner
        case .group(.capture, let body), .group(.nonCapturing, let body):
            return body.repeatedCharacter
        default: return nil
        }
    }

    /// Whether the node is a lookbehind, an anchor other than `\G`, or a group or alternation
    /// of them: cheap to test, unlike a lookahead, which may read the rest of the line.
    fileprivate var looksOnlyBehind: Bool {
        switch self {
        case .anchor(let anchor): return anchor != .searchStart
        case .group(.lookbehind, _), .group(.negativeLookbehind, _): return true
        case .group(.nonCapturing, let body): return body.looksOnlyBehind
        case .sequence(let items), .alternation(let items):
            return !items.isEmpty && items.allSatisfy(\.looksOnlyBehind)
        default: return false
        }
    }

    /// The node with its capture groups made non-capturing: copied into the check, they must
    /// not add groups.
    fileprivate var withoutCaptures: OnigNode {
        switch self {
        case .group(.capture, let body): return .group(.nonCapturing, body.withoutCaptures)
        case .group(let kind, let body): return .group(kind, body.withoutCaptures)
        case .sequence(let items): return .sequence(items.map(\.withoutCaptures))
        case .alternation(let items): return .alternation(items.map(\.withoutCaptures))
        case .quantified(let inner, let quantifier): return .quantified(inner.withoutCaptures, quantifier)
        default: return self
        }
    }

    /// Whether the node holds an item whose meaning a copy in the check would not keep, or
    /// that differs between two starts in ways the conditions do not see: option groups,
    /// conditionals, the absent operator, back-references and calls.
    fileprivate var containsItemChecksCannotCopy: Bool {
        switch self {
        case .group(.options, _), .conditional, .absent, .backReference, .call: return true
        case .group(_, let body): return body.containsItemChecksCannotCopy
        case .quantified(let inner, _): return inner.containsItemChecksCannotCopy
        case .sequence(let items), .alternation(let items):
            return items.contains(where: \.containsItemChecksCannotCopy)
        default: return false
        }
    }
}
