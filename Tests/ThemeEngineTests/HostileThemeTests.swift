import Testing
import ThemeEngine

private typealias F = ThemeFixtures

/// Theme rules built to exhaust the stack, memory or time: each theme must load with the
/// offending rules left out, never crash or hang.
@Suite struct HostileThemeTests {
    @Test func aScopeWithAHundredThousandSegmentsIsLeftOut() {
        let deep = Array(repeating: "a", count: 100_000).joined(separator: ".")
        let theme = F.theme(F.rule(deep, fg: "#111111"), F.rule("b", fg: "#222222"))
        #expect(theme.fg("a") == "#F8F8F8")
        #expect(theme.fg("b") == "#222222")
    }

    @Test func scopesUpToTheSegmentLimitStillApply() {
        let segments = (0..<Theme.maximumScopeSegments).map { "s\($0)" }
        let theme = F.theme(F.rule(segments.joined(separator: "."), fg: "#333333"))
        #expect(theme.fg(segments.joined(separator: ".") + ".more") == "#333333")
        #expect(theme.fg(segments.dropLast().joined(separator: ".")) == "#F8F8F8")
    }

    @Test func rulesPastTheTrieNodeBudgetAreLeftOut() {
        // 1,500 rules of 200 fresh segments each would need 300,000 nodes.
        let tail = (0..<199).map { "s\($0)" }.joined(separator: ".")
        let settings = (0..<1_500).map { F.rule("r\($0).\(tail)", fg: "#444444") }
        let theme = Theme(RawTheme(settings: [F.rule(nil, fg: "#F8F8F8", bg: "#101010")] + settings))
        #expect(theme.fg("r0.\(tail)") == "#444444")
        // Rules are inserted in scope order: "r999" comes last.
        #expect(theme.fg("r999.\(tail)") == "#F8F8F8")
    }

    // Each parent-scoped rule used to search the node's earlier ones: quadratic in their count.
    @Test(.timeLimit(.minutes(1)))
    func manyParentScopedRulesForOneScopeLoadInLinearTime() {
        let settings = (0..<100_000).map { F.rule("p\($0) string", fg: "#555555") }
        let theme = Theme(RawTheme(settings: [F.rule(nil, fg: "#F8F8F8", bg: "#101010")] + settings))
        #expect(theme.fg("p99999 string") == "#555555")
        #expect(theme.fg("q string") == "#F8F8F8")
    }
}
