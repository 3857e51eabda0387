import DocumentStorage
import TestSupport
import Testing

@testable import RichText

/// Span rules run within a time budget: a rule that runs out is disabled for the storage and
/// reported once, and the other rules keep their spans. A fake clock makes every test exact:
/// each reading advances it by one millisecond (the detector reads it when a rule starts on a
/// line, every 16th match, and after the rule's last search there).
@Suite struct SpanRuleBudgetTests {
    final class FakeClock: @unchecked Sendable {
        var time: UInt64 = 0
        func read() -> UInt64 {
            time += 1_000_000
            return time
        }
    }

    static func storage(
        _ text: String, rules: [SpanRule], budget: SpanRuleBudget
    ) -> (TextStorage, SpanDetectionHook) {
        let storage = TextStorage(text)
        let hook = SpanDetectionHook(rules: rules, budget: budget)
        let clock = FakeClock()
        hook.now = { clock.read() }
        hook.cpuTime = { clock.read() }  // the thread runs all the time
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        return (storage, hook)
    }

    static func kinds(_ storage: TextStorage) -> [String] {
        storage.spans(in: storage.text.utf8Range).map(\.attribute.kind)
    }

    @Test func aRuleOverItsLineAllowanceIsDisabledAndReportedOnce() throws {
        // The clock is read at a rule's start, every 16th match and after its last search: 40
        // matches on the first line take the `x` rule 3 ms there, past its 2 ms; the `@a`
        // rule takes 1 ms a line.
        let rules = [
            try SpanRule(kind: "x", pattern: "x"), try SpanRule(kind: "at", pattern: "@a", index: 1),
        ]
        let budget = SpanRuleBudget(
            lineBase: .milliseconds(2), transactionBase: .seconds(100), perByte: .zero)
        let (storage, hook) = Self.storage(
            String(repeating: "x", count: 40) + " @a\nx @a", rules: rules, budget: budget)
        let reports = hook.takeReports()
        #expect(reports.map(\.rule) == [0])
        #expect(reports.first?.reason.contains("on one line") == true)
        #expect(hook.disabledRules == [true, false])
        // The disabled rule made no span, not even on the second line it never ran on.
        #expect(Self.kinds(storage) == ["at", "at"])
        try storage.replaceCharacters(in: 0..<0, with: "x")
        #expect(hook.takeReports().isEmpty, "reported once")
        #expect(Self.kinds(storage) == ["at", "at"])
    }

    @Test func pastTheTransactionAllowanceTheRuleOverItsShareStopsAndTheCheapOneGoesOn() throws {
        // 20 lines of 35 bytes: the `x` rule takes 3 ms a line (32 matches), the `@a` rule
        // 1 ms; each line adds 1.4 ms a rule to the transaction's 10 ms. Spent by line 9;
        // then the rule over half of what is allowed stops, and the cheap one stays within
        // what its lines add.
        let rules = [
            try SpanRule(kind: "x", pattern: "x"), try SpanRule(kind: "at", pattern: "@a", index: 1),
        ]
        let budget = SpanRuleBudget(
            lineBase: .seconds(100), transactionBase: .milliseconds(10), perByte: .microseconds(40))
        let text = Array(repeating: String(repeating: "x", count: 32) + " @a", count: 20).joined(
            separator: "\n")
        let (storage, hook) = Self.storage(text, rules: rules, budget: budget)
        let reports = hook.takeReports()
        #expect(reports.map(\.rule) == [0])
        #expect(reports.first?.reason.contains("of a transaction") == true)
        #expect(Self.kinds(storage).filter { $0 == "at" }.count == 20, "the cheap rule ran on every line")
    }

    @Test func timeTheThreadWaitedForACoreIsNotSpent() throws {
        // The same 40 matches as above take 3 ms of wall time on the first line, but the thread
        // ran a tenth of it: 0.3 ms, within the 2 ms. Nothing is disabled.
        let rules = [try SpanRule(kind: "x", pattern: "x")]
        let budget = SpanRuleBudget(
            lineBase: .milliseconds(2), transactionBase: .milliseconds(1), perByte: .zero)
        let storage = TextStorage(String(repeating: "x", count: 40))
        let hook = SpanDetectionHook(rules: rules, budget: budget)
        let wall = FakeClock()
        let cpu = FakeClock()
        hook.now = { wall.read() }
        hook.cpuTime = { cpu.read() / 10 }
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        #expect(hook.takeReports().isEmpty)
        #expect(Self.kinds(storage).count == 40)
    }

    @Test func withoutABudgetEveryRuleRuns() throws {
        let rules = [try SpanRule(kind: "x", pattern: "x")]
        let storage = TextStorage(String(repeating: "x", count: 100))
        let hook = SpanDetectionHook(rules: rules, budget: nil)
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        #expect(Self.kinds(storage).count == 100)
        #expect(hook.takeReports().isEmpty)
    }

    @Test func aBacktrackingSearchStopsAtItsDeadlineOnTheRealClock() throws {
        // One search of this pattern over 30,000 `a` compares 450 million characters; the
        // deadline inside PCRE2 ends it once the thread has run 10 ms (plus 100 ns a byte).
        let rules = [
            try SpanRule(kind: "slow", pattern: "a(?=[^z]*z)"),
            try SpanRule(kind: "b", pattern: "b", index: 1),
        ]
        let storage = TextStorage("b" + String(repeating: "a", count: 30_000))
        let hook = SpanDetectionHook(rules: rules)
        storage.addHook(hook)
        storage.reprocess(storage.text.utf8Range)
        #expect(hook.takeReports().map(\.rule) == [0])
        #expect(Self.kinds(storage) == ["b"])
    }

    @Test func takenRangesAnswerAsComparingWithEveryRange() {
        var random = SeededGenerator(fallback: 0x7A4E)
        for _ in 0..<200 {
            var all: [Range<Int>] = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                let lower = Int.random(in: 0...40, using: &random)
                return lower..<(lower + Int.random(in: 0...10, using: &random))
            }
            var taken = TakenRanges(all)
            for _ in 0..<3 {
                var added: [Range<Int>] = []
                var position = 0
                while position < 50, Bool.random(using: &random) {
                    let lower = position + Int.random(in: 0...5, using: &random)
                    let upper = lower + Int.random(in: 1...5, using: &random)
                    added.append(lower..<upper)
                    position = upper
                }
                taken.insert(added)
                all += added
                for lower in 0..<55 {
                    for length in 0..<6 {
                        let range = lower..<(lower + length)
                        #expect(taken.overlaps(range) == all.contains { $0.overlaps(range) })
                    }
                }
            }
        }
    }
}

/// A shortcode's attachment travels with every span of it in every push, so its size is capped
/// when the rules are given.
@Suite struct SpanAttachmentLimitTests {
    @Test func anAttachmentOverTheCapIsRefusedNamingTheShortcode() throws {
        let long = String(repeating: "é", count: SpanAttachment.maximumLength / 2 + 1)
        for attachment in [SpanAttachment(text: long), SpanAttachment(image: long)] {
            let error = #expect(throws: SpanRuleError.self) {
                try SpanRule(kind: "shortcode", pattern: "\\[\\w+\\]", table: ["[big]": attachment], index: 2)
            }
            #expect(
                error?.description.hasPrefix("spanRules[2].table: [big]'s image or text is 2050 bytes")
                    == true)
        }
        let atTheCap = String(repeating: "a", count: SpanAttachment.maximumLength)
        _ = try SpanRule(
            kind: "shortcode", pattern: "\\[\\w+\\]", table: ["[ok]": SpanAttachment(text: atTheCap)])
    }
}
