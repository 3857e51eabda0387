/// Literal strings of which every match of a pattern contains at least one, read from the
/// parsed pattern: what lets a scanner skip a search on a line that holds none of them.
///
/// PCRE2's own start-up facts are one code unit (the first, or the last required one); a
/// keyword list such as `\b(catch|finally|throw|try)\b` starts with letters every line has,
/// so PCRE2 is called and scans the whole rest of the line to fail. This reads the tree the way
/// RE2's and codesearch's prefilters do, with two facts per node:
///
/// - `exact`: every string the node can match, when they are few (a literal, a small class,
///   an alternation or sequence of such);
/// - `required`: strings of which every match of the node contains one, at or after where the
///   match starts (so lookbehinds, which look before it, require nothing).
///
/// Conservative throughout: a construct it does not follow (case-insensitive groups, dots,
/// large classes, back-references, calls, conditionals) requires nothing and breaks exact
/// sets, so the answer may be weaker than the truth but never wrong.
enum RequiredLiterals {
    /// The most strings an alternation's exact or required set may hold before it is given up
    /// (keyword lists of grammars name hundreds of builtins).
    static let maxStrings = 1_024
    /// The most strings a sequence's cross product of exact sets may grow to.
    static let maxProduct = 64
    /// Longer exact strings are not grown further (the required set keeps the shorter ones).
    static let maxLength = 16

    struct Facts {
        var exact: Set<[UInt8]>?
        var required: Set<[UInt8]>?
    }

    /// The required strings of a whole pattern, or nil when it requires none that help
    /// (an empty string among them means any subject may match).
    static func of(_ node: OnigNode) -> Set<[UInt8]>? {
        let facts = self.facts(node)
        let candidates = [facts.required, facts.exact].compactMap { $0 }
        return best(candidates)
    }

    /// Of several valid required sets, the most selective: longest shortest string, then fewest.
    static func best(_ candidates: [Set<[UInt8]>]) -> Set<[UInt8]>? {
        var chosen: Set<[UInt8]>?
        var chosenScore = (0, Int.min)
        for candidate in candidates where !candidate.isEmpty {
            var shortest = Int.max
            for string in candidate where string.count < shortest { shortest = string.count }
            guard shortest > 0 else { continue }
            let score = (min(shortest, 3), -candidate.count)
            if score > chosenScore {
                chosen = candidate
                chosenScore = score
            }
        }
        return chosen
    }

    static let zeroWidth = Facts(exact: [[]], required: nil)
    static let unknown = Facts(exact: nil, required: nil)

    static func facts(_ node: OnigNode) -> Facts {
        switch node {
        case .empty, .anchor:
            return zeroWidth
        case .literal(let scalar):
            guard let bytes = utf8(scalar) else { return unknown }
            return Facts(exact: [bytes], required: nil)
        case .set(let set):
            return Facts(exact: set.memberStrings(atMost: 4), required: nil)
        case .sequence(let nodes):
            return sequence(nodes)
        case .alternation(let nodes):
            return alternation(nodes.map(facts))
        case .group(let kind, let body):
            return group(kind, body)
        case .quantified(let body, let quantifier):
            guard quantifier.min > 0 else { return unknown }
            let inner = facts(body)
            let required = best([inner.required, inner.exact].compactMap { $0 })
            let isOnce = quantifier.min == 1 && quantifier.max == 1
            return Facts(exact: isOnce ? inner.exact : nil, required: required)
        case .dot, .verbatim, .backReference, .call, .conditional, .absent, .fail:
            return unknown
        }
    }

    private static func group(_ kind: OnigGroupKind, _ body: OnigNode) -> Facts {
        switch kind {
        case .capture, .nonCapturing, .atomic:
            return facts(body)
        case .options:
            // Case folding (Unicode's, with its non-ASCII variants) is not followed.
            return kind.switchesCaseFoldingOn ? unknown : facts(body)
        case .lookahead:
            // Zero width, but what it looks at lies at or after the match start.
            let inner = facts(body)
            return Facts(exact: [[]], required: best([inner.required, inner.exact].compactMap { $0 }))
        case .negativeLookahead, .lookbehind, .negativeLookbehind:
            return zeroWidth
        }
    }

    /// The UTF-8 bytes of a scalar, or nil for a value that is none.
    private static func utf8(_ value: UInt32) -> [UInt8]? {
        guard let scalar = Unicode.Scalar(value) else { return nil }
        var bytes: [UInt8] = []
        UTF8.encode(scalar) { bytes.append($0) }
        return bytes
    }

    /// The exact strings of a run of sequence elements: one string while every element so far
    /// had one (a literal word, written a scalar at a time), a set once one had several. A
    /// word's letters then extend one array instead of making a set per letter and a product
    /// set per step.
    private enum Run {
        case one([UInt8])
        case several(Set<[UInt8]>)

        init(_ strings: Set<[UInt8]>) {
            self = strings.count == 1 ? .one(strings.first!) : .several(strings)
        }

        var strings: Set<[UInt8]> {
            switch self {
            case .one(let string): [string]
            case .several(let strings): strings
            }
        }

        var count: Int {
            switch self {
            case .one: 1
            case .several(let strings): strings.count
            }
        }

        var hasLongString: Bool {
            switch self {
            case .one(let string): string.count >= maxLength
            case .several(let strings): strings.contains { $0.count >= maxLength }
            }
        }
    }

    private static func sequence(_ nodes: [OnigNode]) -> Facts {
        var candidates: [Set<[UInt8]>] = []
        // The exact strings of the current run of elements whose strings are all known.
        var run = Run.one([])
        var allExact = true
        for node in nodes {
            // A literal's one string, without building its facts.
            if case .literal(let scalar) = node, let bytes = utf8(scalar) {
                if case .one(var string) = run, string.count < maxLength {
                    string.append(contentsOf: bytes)
                    run = .one(string)
                    continue
                }
                if run.count > maxProduct || run.hasLongString {
                    candidates.append(run.strings)
                    run = .one(bytes)
                    allExact = false
                    continue
                }
                // Several strings, each short: the product with one string is a set as large.
                run = .several(Set(run.strings.map { $0 + bytes }))
                continue
            }
            let element = facts(node)
            if let required = element.required { candidates.append(required) }
            guard let exact = element.exact else {
                candidates.append(run.strings)
                run = .one([])
                allExact = false
                continue
            }
            if run.count * exact.count > maxProduct || run.hasLongString {
                candidates.append(run.strings)
                run = Run(exact)
                allExact = false
                continue
            }
            var product: Set<[UInt8]> = []
            for prefix in run.strings {
                for suffix in exact { product.insert(prefix + suffix) }
            }
            run = Run(product)
        }
        let exact = run.strings
        candidates.append(exact)
        return Facts(exact: allExact ? exact : nil, required: best(candidates))
    }

    private static func alternation(_ branches: [Facts]) -> Facts {
        var exact: Set<[UInt8]>? = []
        var required: Set<[UInt8]>? = []
        for branch in branches {
            if let known = branch.exact, let sum = exact, sum.count + known.count <= maxStrings {
                exact = sum.union(known)
            } else {
                exact = nil
            }
            let branchRequired = best([branch.required, branch.exact].compactMap { $0 })
            if let branchRequired, let sum = required, sum.count + branchRequired.count <= maxStrings {
                required = sum.union(branchRequired)
            } else {
                required = nil
            }
        }
        return Facts(exact: exact, required: required)
    }
}
