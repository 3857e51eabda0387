extension LookbehindRewriter {
    /// The longest look-behind PCRE2 accepts, in characters.
    static let maximumLength = 65_535

    /// What is known about the length of the text a node matches.
    enum Measure: Hashable {
        /// Always this many characters, at most ``maximumLength``.
        case fixed(Int)
        /// Lengths differ between matches.
        case variable
        /// Every match is longer than ``maximumLength``: no rewriting can make it acceptable.
        case tooLong
    }

    /// Measures a node. Sums and products stop at ``maximumLength``, so stacked repeats such as
    /// `a{65535}{65535}{65535}{65535}` never overflow.
    static func measure(_ node: OnigNode) -> Measure {
        switch node {
        case .empty, .anchor, .fail: return .fixed(0)
        case .literal, .set, .dot: return .fixed(1)
        case .verbatim(let text): return text == "\\N" ? .fixed(1) : text == "\\K" ? .fixed(0) : .variable
        case .sequence(let items): return measureSequence(items)
        case .alternation(let branches):
            let measures = Set(branches.map(measure))
            guard measures.count == 1, let only = measures.first else { return .variable }
            return only
        case .group(let kind, let body):
            switch kind {
            case .lookahead, .negativeLookahead, .lookbehind, .negativeLookbehind: return .fixed(0)
            default: return measure(body)
            }
        case .quantified(let body, let quantifier):
            return measureRepeat(measure(body), min: quantifier.min, max: quantifier.max)
        case .backReference, .call, .conditional, .absent: return .variable
        }
    }

    /// A sequence is variable or too long at the first item that is, or too long once its
    /// items add up past the maximum. Stopping at the first variable item keeps measuring many
    /// copies of a repeated body cheap; expanding the items decides the rest.
    private static func measureSequence(_ items: [OnigNode]) -> Measure {
        var total = 0
        for item in items {
            switch measure(item) {
            case .tooLong: return .tooLong
            case .variable: return .variable
            case .fixed(let count):
                let (sum, overflow) = total.addingReportingOverflow(count)
                guard !overflow, sum <= maximumLength else { return .tooLong }
                total = sum
            }
        }
        return .fixed(total)
    }

    /// A repeat of a body `min` to `max` times; only `{n}` of a fixed body has a fixed length.
    private static func measureRepeat(_ body: Measure, min: Int, max: Int?) -> Measure {
        switch body {
        case .tooLong:
            return min > 0 ? .tooLong : max == 0 ? .fixed(0) : .variable
        case .variable:
            return .variable
        case .fixed(let count):
            let (product, overflow) = count.multipliedReportingOverflow(by: min)
            if overflow || product > maximumLength { return .tooLong }
            return max == min ? .fixed(product) : .variable
        }
    }

    /// A node count that grows with the compiled pattern: every node but sequences and empty
    /// ones compiles to at least one PCRE2 code unit. Stops counting past the expansion budget.
    static func size(_ node: OnigNode) -> Int {
        switch node {
        case .empty: return 0
        case .sequence(let items): return sum(items)
        case .alternation(let items): return 1 + sum(items)
        case .group(_, let body), .quantified(let body, _), .absent(let body): return 1 + size(body)
        case .conditional(_, let yes, let no): return 1 + size(yes) + (no.map(size) ?? 0)
        default: return 1
        }
    }

    private static func sum(_ items: [OnigNode]) -> Int {
        var total = 0
        for item in items {
            total += size(item)
            if total > maximumExpandedSize { return total }
        }
        return total
    }
}
