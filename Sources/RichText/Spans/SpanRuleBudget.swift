import GrammarEngine

/// How much time span rules may take, as grammars have a line budget: time the thread running
/// them ran (wall time scaled by its share of the CPU), read every few matches and, inside a
/// search, by PCRE2's callouts.
///
/// A client writes the rules, so a rule may backtrack for good (`(a+)+$`) or cost time
/// quadratic in a line (`a(?=[^z]*z)`: every search is short, so PCRE2's match limit never
/// fires). Allowances grow with the text scanned, so a cheap rule over a large document is
/// never cut off, and a rule that runs out is disabled for the document (``SpanRuleReport``
/// says which and why) while the others keep working.
public struct SpanRuleBudget: Sendable, Equatable {
    /// What one rule may take on one line, before the per-byte allowance.
    public var lineBase: Duration = .milliseconds(10)
    /// What all rules together may take in one transaction, before the per-byte allowance.
    public var transactionBase: Duration = .milliseconds(50)
    /// Added to both allowances for every byte scanned (per rule, for the transaction's).
    public var perByte: Duration = .nanoseconds(100)

    /// The default budget.
    public init() {}

    /// A budget with the given allowances.
    public init(lineBase: Duration, transactionBase: Duration, perByte: Duration) {
        self.lineBase = lineBase
        self.transactionBase = transactionBase
        self.perByte = perByte
    }

    var lineBaseNanoseconds: UInt64 { Self.nanoseconds(lineBase) }
    var transactionBaseNanoseconds: UInt64 { Self.nanoseconds(transactionBase) }
    var perByteNanoseconds: UInt64 { Self.nanoseconds(perByte) }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}

/// A span rule disabled for a document because it ran out of time.
public struct SpanRuleReport: Sendable, Equatable, CustomStringConvertible {
    /// The rule's index in the document's rules.
    public var rule: Int
    /// The rule's kind.
    public var kind: String
    /// What it took and what it was allowed.
    public var reason: String

    public var description: String { "span rule \(rule) (\(kind)) disabled: \(reason)" }
}

/// The time one transaction's span detection has spent, rule by rule.
///
/// After the transaction's allowance is spent, a rule is disabled as soon as it has taken
/// more than its fair share of that allowance: the slow rules go, the cheap ones stay.
struct SpanRuleClock {
    let budget: SpanRuleBudget
    /// Wall-clock nanoseconds, read every few matches (cheap); tests pass a clock of their own.
    let now: () -> UInt64
    /// The thread's CPU time, read only to confirm that a budget ran out (a system call).
    let cpuTime: () -> UInt64
    /// Stops a search running past its line's allowance (installed in the rules' workspace).
    let deadline: SearchDeadline
    /// When the transaction began on `now` and `cpuTime`.
    private let start: (wall: UInt64, cpu: UInt64)
    /// When it began on the real clocks, for `deadline`, which reads them inside PCRE2.
    let realStart: (wall: UInt64, cpu: UInt64)
    private(set) var spentByRule: [UInt64]
    private(set) var spent: UInt64 = 0
    private(set) var allowance: UInt64
    private let enabledAtStart: Int

    init(
        budget: SpanRuleBudget, ruleCount: Int, enabled: Int, deadline: SearchDeadline,
        now: @escaping () -> UInt64, cpuTime: @escaping () -> UInt64
    ) {
        self.budget = budget
        self.now = now
        self.cpuTime = cpuTime
        self.deadline = deadline
        start = (now(), cpuTime())
        realStart = (SearchDeadline.wallTime(), SearchDeadline.threadCPUTime())
        spentByRule = Array(repeating: 0, count: ruleCount)
        allowance = budget.transactionBaseNanoseconds
        enabledAtStart = max(1, enabled)
    }

    /// Grants the allowance of a line of `bytes` bytes scanned by `rules` rules.
    mutating func scanning(bytes: Int, rules: Int) {
        allowance &+= UInt64(bytes) &* UInt64(rules) &* budget.perByteNanoseconds
    }

    /// What one rule may take on a line of `bytes` bytes.
    func lineAllowance(bytes: Int) -> UInt64 {
        budget.lineBaseNanoseconds &+ UInt64(bytes) &* budget.perByteNanoseconds
    }

    /// Charges `elapsed` (wall time) to `rule`; returns why the rule must stop, or nil.
    ///
    /// Wall time over an allowance is first scaled by the share of the transaction the thread
    /// ran (its CPU time over its wall time): a rule stops for time it ran, not for time the
    /// thread waited for a core (wall time alone disabled cheap rules beside busy fuzzers).
    mutating func charge(_ elapsed: UInt64, to rule: Int, onLine lineSpent: UInt64, bytes: Int) -> String? {
        spentByRule[rule] &+= elapsed
        spent &+= elapsed
        let line = lineAllowance(bytes: bytes)
        let overLine = lineSpent > line
        let overTransaction = spent > allowance && spentByRule[rule] > allowance / UInt64(enabledAtStart)
        guard overLine || overTransaction else { return nil }
        let share = runningShare()
        func ran(_ wall: UInt64) -> UInt64 { UInt64(Double(wall) * share) }
        if overLine, ran(lineSpent) > line {
            return "took more than \(Self.milliseconds(line)) ms on one line of \(bytes) bytes"
        }
        if overTransaction, ran(spent) > allowance,
            ran(spentByRule[rule]) > allowance / UInt64(enabledAtStart)
        {
            return "took \(Self.milliseconds(ran(spentByRule[rule]))) ms of a transaction allowed "
                + "\(Self.milliseconds(allowance)) ms for every rule together"
        }
        return nil
    }

    /// The share of the transaction's wall time the thread ran (at most 1).
    private func runningShare() -> Double {
        let wall = now() &- start.wall
        guard wall > 0 else { return 1 }
        return min(1, Double(cpuTime() &- start.cpu) / Double(wall))
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(Double(nanoseconds / 10_000) / 100)
    }
}
