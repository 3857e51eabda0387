import TestSupport
import Testing

@testable import RegexTranslation

/// `RequiredLiterals`' sequences against the plain form they were read in first (`reference`
/// below: a set per letter and a product set per step, over the elements' facts), at every
/// sequence of random patterns of words, small classes, wide alternations, repetitions and
/// lookarounds: the same exact and required strings.
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

    @Test func sequencesHaveTheFactsOfTheSetPerLetterForm() throws {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<4_000 {
            let source = Self.pattern(&generator)
            var parser = OnigParser(source)
            try Self.forEachNode(in: try parser.parsePattern()) { node in
                switch node {
                case .sequence(let nodes):
                    let facts = RequiredLiterals.facts(node)
                    let reference = Self.reference(nodes.map(RequiredLiterals.facts))
                    #expect(facts.exact == reference.exact, "\(source)")
                    #expect(facts.required == reference.required, "\(source)")
                case .literal(let value):
                    let scalar = try #require(Unicode.Scalar(value))
                    #expect(RequiredLiterals.facts(node).exact == [Array(String(Character(scalar)).utf8)])
                default:
                    break
                }
            }
        }
    }

    static func forEachNode(in node: OnigNode, _ body: (OnigNode) throws -> Void) rethrows {
        try body(node)
        switch node {
        case .sequence(let nodes), .alternation(let nodes):
            for child in nodes { try forEachNode(in: child, body) }
        case .group(_, let child), .quantified(let child, _):
            try forEachNode(in: child, body)
        default:
            break
        }
    }

    /// The first form of a sequence's facts, kept as the model.
    static func reference(_ elements: [RequiredLiterals.Facts]) -> RequiredLiterals.Facts {
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
            if run.count * exact.count > RequiredLiterals.maxProduct
                || run.contains(where: { $0.count >= RequiredLiterals.maxLength })
            {
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
        return RequiredLiterals.Facts(
            exact: allExact ? run : nil, required: RequiredLiterals.best(candidates))
    }
}
