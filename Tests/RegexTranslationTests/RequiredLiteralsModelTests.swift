import TestSupport
import Testing

@testable import RegexTranslation

/// `RequiredLiterals` against the plain form it was written in first
/// (`ReferenceRequiredLiterals` below: a set per letter and a product set per step), on random
/// patterns of words, small classes, wide alternations, repetitions and lookarounds: the same
/// exact and required strings.
@Suite struct RequiredLiteralsModelTests {
    static let pieces = [
        "function", "a", "abcdefghijklmnopqrstuvw", "[ab]", #"[\(\<]"#, #"\s*"#, "x?", ".", "(?=abc)",
        "(?:ab|cd)", "(?:a|b|c|d|e|f|g|h|i|j)", "(?:k|l|m|n|o|p|q|r|s|t)", "é", "😀", "y+", "(?!no)",
        "(?:uv|w*)", "[xyz]{2}", wideAlternation,
    ]
    /// Seventy words: more exact strings than a sequence multiplies on with.
    static let wideAlternation =
        "(?:" + (0..<70).map { "w\($0)" }.joined(separator: "|") + ")"

    static func below(_ bound: Int, _ generator: inout SeededGenerator) -> Int {
        Int.random(in: 0..<bound, using: &generator)
    }

    static func pattern(_ generator: inout SeededGenerator, depth: Int = 0) -> String {
        var pattern = ""
        for _ in 0...Self.below(8, &generator) {
            if depth < 2 && Self.below(6, &generator) == 0 {
                let inner = (0...Self.below(2, &generator)).map { _ in
                    Self.pattern(&generator, depth: depth + 1)
                }
                pattern += "(?:" + inner.joined(separator: "|") + ")"
            } else {
                pattern += pieces[Self.below(pieces.count, &generator)]
            }
        }
        return pattern
    }

    @Test func factsAreThoseOfTheSetPerLetterForm() throws {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<4_000 {
            let source = Self.pattern(&generator)
            var parser = OnigParser(source)
            let tree = try parser.parsePattern()
            let facts = RequiredLiterals.facts(tree)
            let reference = ReferenceRequiredLiterals.facts(tree)
            #expect(facts.exact == reference.exact, "\(source)")
            #expect(facts.required == reference.required, "\(source)")
            #expect(RequiredLiterals.of(tree) == ReferenceRequiredLiterals.of(tree), "\(source)")
        }
    }
}

/// The first form of `RequiredLiterals`, kept as the model.
enum ReferenceRequiredLiterals {
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
            let shortest = candidate.map(\.count).min() ?? 0
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
            guard let scalar = Unicode.Scalar(scalar) else { return unknown }
            return Facts(exact: [Array(String(Character(scalar)).utf8)], required: nil)
        case .set(let set):
            return Facts(exact: set.memberStrings(atMost: 4), required: nil)
        case .sequence(let nodes):
            return sequence(nodes.map(facts))
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

    private static func sequence(_ elements: [Facts]) -> Facts {
        var candidates: [Set<[UInt8]>] = []
        // The exact strings of the current run of elements whose strings are all known.
        var run: Set<[UInt8]> = [[]]
        var allExact = true
        for element in elements {
            if let required = element.required { candidates.append(required) }
            guard let exact = element.exact else {
                candidates.append(run)
                run = [[]]
                allExact = false
                continue
            }
            if run.count * exact.count > maxProduct || run.contains(where: { $0.count >= maxLength }) {
                candidates.append(run)
                run = exact
                allExact = false
                continue
            }
            var product: Set<[UInt8]> = []
            for prefix in run {
                for suffix in exact { product.insert(prefix + suffix) }
            }
            run = product
        }
        candidates.append(run)
        return Facts(exact: allExact ? run : nil, required: best(candidates))
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
