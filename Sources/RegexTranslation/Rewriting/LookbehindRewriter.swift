/// Makes look-behind bodies acceptable to PCRE2 10.42, which needs every top-level branch to
/// have a fixed length, where Oniguruma also accepts inner alternations of varying lengths.
///
/// Inner alternations and small bounded repeats are hoisted into top-level branches:
/// `(?<=a(b|cd))` becomes `(?<=ab|acd)`. Captures would be duplicated, so a body with captures
/// that needs hoisting is refused, as are unbounded repeats.
enum LookbehindRewriter {
    /// The most branches a hoisted look-behind may grow to.
    static let maximumBranches = 256
    /// The most nodes (see ``size(_:)``) a hoisted look-behind may grow to. Each such node
    /// compiles to at least one PCRE2 code unit, and PCRE2 refuses compiled patterns past 64 K
    /// units, so the bound only stops work whose result could never compile.
    static let maximumExpandedSize = 65_536

    /// Why a look-behind cannot be translated.
    enum Failure: Error {
        /// Hoisting would duplicate capture groups.
        case captures
        /// A branch has no fixed length even after hoisting.
        case variableLength
        /// A branch always matches more than ``maximumLength`` characters.
        case tooLong
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
        var resultSize = 0
        for branch in branches {
            switch measure(branch) {
            case .fixed:
                result.append(branch)
                continue
            case .tooLong:
                throw .tooLong
            case .variable:
                break
            }
            guard let expansions = expand(branch), expansions.allSatisfy({ length($0) != nil }) else {
                throw .variableLength
            }
            result += expansions
            resultSize += expansions.reduce(0) { $0 + size($1) }
            guard result.count <= maximumBranches, resultSize <= maximumExpandedSize else {
                throw .variableLength
            }
        }
        return .alternation(result)
    }

    /// The number of characters a node always matches, or nil when it varies or is longer than
    /// PCRE2 accepts (see ``measure(_:)``).
    static func length(_ node: OnigNode) -> Int? {
        guard case .fixed(let count) = measure(node) else { return nil }
        return count
    }

    /// The ways to write `node` as alternatives without inner variable-length alternation; nil
    /// when there are too many, when they would be too large, or when none can have a length
    /// PCRE2 accepts.
    static func expand(_ node: OnigNode) -> [OnigNode]? {
        switch measure(node) {
        case .fixed: return [node]
        case .tooLong: return nil
        case .variable: break
        }
        switch node {
        case .sequence(let items):
            return expandSequence(items)
        case .alternation(let branches):
            var result: [OnigNode] = []
            for branch in branches {
                guard let options = expand(branch) else { return nil }
                result += options
                guard result.count <= maximumBranches else { return nil }
            }
            return result
        case .group(let kind, let body) where kind == .nonCapturing || isOptions(kind):
            return expand(body)?.map { .group(kind, $0) }
        case .quantified(let body, let quantifier):
            guard let high = quantifier.max, high - quantifier.min <= 16 else { return nil }
            // The highest count alone repeats a fixed-length body `high` times: refuse before
            // building copies that could never compile.
            if case .fixed = measure(body) {
                let (copies, overflow) = size(body).multipliedReportingOverflow(by: high)
                guard !overflow, copies <= maximumExpandedSize else { return nil }
            }
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

    /// Expands a sequence into every combination of its items' alternatives.
    private static func expandSequence(_ items: [OnigNode]) -> [OnigNode]? {
        var partials: [[OnigNode]] = [[]]
        // The summed size of all partials, kept within `maximumExpandedSize`.
        var partialsSize = 0
        for item in items {
            guard let options = expand(item), partials.count * options.count <= maximumBranches else {
                return nil
            }
            let optionsSize = options.reduce(0) { $0 + size($1) }
            partialsSize = options.count * partialsSize + partials.count * optionsSize
            guard partialsSize <= maximumExpandedSize else { return nil }
            if options.count == 1 {
                // Appending in place keeps long runs of fixed-length items linear.
                for index in partials.indices { partials[index].append(options[0]) }
            } else {
                partials = partials.flatMap { partial in options.map { partial + [$0] } }
            }
        }
        return partials.map(OnigParser.sequence)
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
