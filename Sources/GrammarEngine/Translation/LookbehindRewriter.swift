/// Makes look-behind bodies acceptable to PCRE2 10.42, which needs every top-level branch to
/// have a fixed length, where Oniguruma also accepts inner alternations of varying lengths.
///
/// Inner alternations and small bounded repeats are hoisted into top-level branches:
/// `(?<=a(b|cd))` becomes `(?<=ab|acd)`. Captures would be duplicated, so a body with captures
/// that needs hoisting is refused, as are unbounded repeats.
enum LookbehindRewriter {
    /// The most branches a hoisted look-behind may grow to.
    static let maximumBranches = 256

    /// Why a look-behind cannot be translated.
    enum Failure: Error {
        /// Hoisting would duplicate capture groups.
        case captures
        /// A branch has no fixed length even after hoisting.
        case variableLength
    }

    /// The body as top-level branches of fixed length each.
    static func fixedLengthBranches(_ body: OnigNode) throws(Failure) -> OnigNode {
        let branches: [OnigNode]
        if case .alternation(let list) = body { branches = list } else { branches = [body] }
        // A back-reference has no length of its own; in an end/while pattern it becomes literal
        // text once the begin captures are substituted, so PCRE2 judges the body then.
        if branches.allSatisfy({ length($0) != nil }) || containsBackReference(body) { return body }
        if OnigParser.containsCapture(body) { throw .captures }
        var result: [OnigNode] = []
        for branch in branches {
            guard length(branch) == nil else {
                result.append(branch)
                continue
            }
            guard let expansions = expand(branch), expansions.allSatisfy({ length($0) != nil }) else {
                throw .variableLength
            }
            result += expansions
            guard result.count <= maximumBranches else { throw .variableLength }
        }
        return .alternation(result)
    }

    /// The number of characters a node always matches, or nil when it varies.
    static func length(_ node: OnigNode) -> Int? {
        switch node {
        case .empty, .anchor, .fail: return 0
        case .literal, .set, .dot: return 1
        case .verbatim(let text): return text == "\\N" ? 1 : text == "\\K" ? 0 : nil
        case .sequence(let items):
            var total = 0
            for item in items {
                guard let itemLength = length(item) else { return nil }
                total += itemLength
            }
            return total
        case .alternation(let branches):
            let lengths = Set(branches.map(length))
            guard lengths.count == 1, let only = lengths.first else { return nil }
            return only
        case .group(let kind, let body):
            switch kind {
            case .lookahead, .negativeLookahead, .lookbehind, .negativeLookbehind: return 0
            default: return length(body)
            }
        case .quantified(let body, let quantifier):
            guard quantifier.max == quantifier.min, let bodyLength = length(body) else { return nil }
            return bodyLength * quantifier.min
        case .backReference, .call, .conditional, .absent: return nil
        }
    }

    /// The ways to write `node` as alternatives without inner variable-length alternation.
    static func expand(_ node: OnigNode) -> [OnigNode]? {
        if length(node) != nil { return [node] }
        switch node {
        case .sequence(let items):
            var partials: [[OnigNode]] = [[]]
            for item in items {
                guard let options = expand(item), partials.count * options.count <= maximumBranches else {
                    return nil
                }
                partials = partials.flatMap { partial in options.map { partial + [$0] } }
            }
            return partials.map(OnigParser.sequence)
        case .alternation(let branches):
            var result: [OnigNode] = []
            for branch in branches {
                guard let options = expand(branch) else { return nil }
                result += options
            }
            return result.count <= maximumBranches ? result : nil
        case .group(let kind, let body) where kind == .nonCapturing || isOptions(kind):
            return expand(body)?.map { .group(kind, $0) }
        case .quantified(let body, let quantifier):
            guard let high = quantifier.max, high - quantifier.min <= 16 else { return nil }
            var result: [OnigNode] = []
            for count in quantifier.min...high {
                guard let options = expand(.sequence(Array(repeating: body, count: count))) else {
                    return nil
                }
                result += options
            }
            return result.count <= maximumBranches ? result : nil
        default:
            return nil
        }
    }

    /// Whether a subtree holds a back-reference.
    static func containsBackReference(_ node: OnigNode) -> Bool {
        switch node {
        case .backReference: return true
        case .group(_, let body), .quantified(let body, _), .absent(let body):
            return containsBackReference(body)
        case .sequence(let items), .alternation(let items):
            return items.contains(where: containsBackReference)
        case .conditional(_, let yes, let no):
            return containsBackReference(yes) || no.map(containsBackReference) == true
        default: return false
        }
    }

    /// Whether a group kind only changes options.
    static func isOptions(_ kind: OnigGroupKind) -> Bool {
        if case .options = kind { return true }
        return false
    }
}
