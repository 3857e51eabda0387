import Foundation
import GrammarEngine
import Testing

/// Grammar files built to exhaust the stack, memory or time. Each must load and tokenize with
/// the offending rule left out and reported, never crash or hang the process.
@Suite struct HostileGrammarTests {
    /// A JSON grammar whose root includes `#r0` and whose repository chains `rN` → `rN+1`
    /// through `count` include-only rules, ending in a match rule.
    static func includeChain(_ count: Int) -> String {
        var repository: [String] = []
        for index in 0..<count {
            repository.append("\"r\(index)\": {\"patterns\": [\(include(index + 1))]}")
        }
        repository.append("\"r\(count)\": {\"match\": \"x\", \"name\": \"end\"}")
        return "{\"scopeName\": \"source.chain\", \"patterns\": [\(include(0))], \"repository\": {"
            + repository.joined(separator: ",") + "}}"
    }

    /// `{"include": "#rN"}`.
    static func include(_ index: Int) -> String {
        "{\"include\": \"#r\(index)\"}"
    }

    private func limitDiagnostics(_ grammar: Grammar) -> [GrammarError] {
        grammar.diagnostics.filter {
            if case .limitExceeded = $0 { return true }
            return false
        }
    }

    @Test func anIncludeChainPastTheNestingLimitIsCutAndReported() throws {
        let grammar = try GrammarFixtures.grammar(Self.includeChain(50_000))
        let reported = limitDiagnostics(grammar)
        #expect(reported.count == 1)
        #expect(reported.first?.description.contains("nest more than 1000 levels") == true)
        // The rules beyond the cut are gone; the line still tokenizes.
        #expect(GrammarFixtures.tokens(grammar, "x").map(\.1) == ["source.chain"])
    }

    @Test func anIncludeChainWithinTheNestingLimitStillReachesItsEnd() throws {
        let grammar = try GrammarFixtures.grammar(Self.includeChain(900))
        #expect(grammar.diagnostics.isEmpty)
        #expect(GrammarFixtures.tokens(grammar, "x").map(\.1) == ["end"])
    }

    /// Include-only rules `r1 … rN`, each including the one before, all compiled at a shallow
    /// depth by a rule listing them in order; entering `{` flattens the whole chain at once.
    static func flatteningChain(_ count: Int) -> String {
        var repository = ["\"r0\": {\"match\": \"x\", \"name\": \"end\"}"]
        for index in 1...count {
            repository.append("\"r\(index)\": {\"patterns\": [\(include(index - 1))]}")
        }
        let all = (0...count).map(include).joined(separator: ",")
        return "{\"scopeName\": \"source.flat\", \"patterns\": ["
            + "{\"begin\": \"<\", \"end\": \">\", \"patterns\": [\(all)]},"
            + "{\"begin\": \"\\\\{\", \"end\": \"\\\\}\", \"patterns\": [\(include(count))]}"
            + "], \"repository\": {" + repository.joined(separator: ",") + "}}"
    }

    @Test func anIncludeOnlyChainLongerThanTheStackIsFlattenedWithoutRecursion() throws {
        let grammar = try GrammarFixtures.grammar(Self.flatteningChain(45_000))
        let tokens = GrammarFixtures.tokens(grammar, "{x}")
        #expect(tokens.map(\.0) == ["{", "x", "}"])
        #expect(tokens.map(\.1) == ["source.flat", "end", "source.flat"])
        #expect(grammar.diagnostics.isEmpty)
    }

    /// `r0` is a match rule; each `rN` includes `rN-1` twice, so flattening `r40` naively
    /// visits 2^40 rules.
    static let includeDiamonds: String = {
        var repository = ["\"r0\": {\"match\": \"x\", \"name\": \"end\"}"]
        for index in 1...40 {
            let previous = include(index - 1)
            repository.append("\"r\(index)\": {\"patterns\": [\(previous), \(previous)]}")
        }
        return "{\"scopeName\": \"source.diamond\", \"patterns\": [\(include(40))], \"repository\": {"
            + repository.joined(separator: ",") + "}}"
    }()

    @Test(.timeLimit(.minutes(1)))
    func includeDiamondsStopAtTheFlatteningBudgetAndAreReported() throws {
        let grammar = try GrammarFixtures.grammar(Self.includeDiamonds)
        #expect(GrammarFixtures.tokens(grammar, "x").map(\.1) == ["end"])
        let reported = limitDiagnostics(grammar)
        #expect(reported.count == 1)
        #expect(reported.first?.description.contains("flattens to more than 50000 rules") == true)
    }

    @Test(arguments: [
        String(repeating: "-", count: 100_000) + "source.t",
        String(repeating: "(", count: 100_000) + "source.t",
        String(repeating: "- (", count: 50_000) + "source.t",
    ])
    func injectionSelectorsNestedTooDeeplyAreIgnoredAndReported(_ selector: String) throws {
        let json = try String(
            data: JSONSerialization.data(withJSONObject: [
                "scopeName": "source.t",
                "patterns": [["match": "a", "name": "letter"]],
                "injections": [
                    selector: ["patterns": [["match": "b", "name": "injected"]]],
                    "L:source.t": ["patterns": [["match": "c", "name": "kept"]]],
                ],
            ]), encoding: .utf8)
        let grammar = try GrammarFixtures.grammar(#require(json))
        #expect(GrammarFixtures.tokens(grammar, "abc").map(\.1) == ["letter", "source.t", "kept"])
        let reported = grammar.diagnostics.filter {
            if case .invalidSelector = $0 { return true }
            return false
        }
        #expect(reported.count == 1)
    }
}
