import DocumentStorage
import GrammarEngine
import TextRope

/// Runs span rules over one line of text.
///
/// Rules run in order; each finds its matches left to right, each search starting where the
/// previous match ended. A match that overlaps an occupied range (a link, a span a client gave,
/// or an earlier rule's span) is not a span, so spans never overlap: the `@b` of `a@b.co` is
/// part of an e-mail link, not a mention.
public struct SpanDetector: Sendable {
    /// The rules, in the order they run.
    public var rules: [SpanRule]

    /// A detector running `rules`.
    public init(rules: [SpanRule]) { self.rules = rules }

    /// The spans of `line` (no line terminator inside), as UTF-8 ranges of the line, given the
    /// ranges already taken; every rule runs, without a time budget.
    public func spans(in line: String, occupied: [Range<Int>]) -> [Span] {
        var clock: SpanRuleClock?
        var disabled: [Bool] = []
        var reports: [SpanRuleReport] = []
        return spans(
            in: line, occupied: occupied, workspace: .current, clock: &clock, disabled: &disabled,
            reports: &reports)
    }

    /// The spans of `line` as above, skipping the rules `disabled` marks; with a `clock`, a rule
    /// that runs out of time is marked disabled, reported, and its spans of this line dropped.
    ///
    /// - Complexity: O(m log k + r·k) for m matches, r rules and k occupied ranges, besides the
    ///   searches themselves.
    func spans(
        in line: String, occupied: [Range<Int>], workspace: MatchWorkspace, clock: inout SpanRuleClock?,
        disabled: inout [Bool], reports: inout [SpanRuleReport]
    ) -> [Span] {
        guard !rules.isEmpty, !line.isEmpty else { return [] }
        if disabled.count < rules.count {
            disabled += Array(repeating: false, count: rules.count - disabled.count)
        }
        let enabled = rules.indices.filter { !disabled[$0] }.count
        clock?.scanning(bytes: line.utf8.count, rules: enabled)
        var taken = TakenRanges(occupied)
        var result: [Span] = []
        let bytes = Array(line.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for (index, rule) in rules.enumerated() where !disabled[index] {
                let start = clock?.now() ?? 0
                var last = start
                // The deadline inside PCRE2 reads the real clocks, whatever `clock.now` is.
                if let clock {
                    clock.deadline.set(
                        lineStart: SearchDeadline.wallTime(),
                        allowance: clock.lineAllowance(bytes: buffer.count),
                        transactionStart: clock.realStart)
                }
                var matches = 0
                var found: [Span] = []
                var position = 0
                var stopped = false
                while position <= buffer.count,
                    let match = rule.pattern.firstMatch(in: buffer, from: position, workspace: workspace)
                {
                    // The clock is read every 16th match (and after the last search).
                    matches += 1
                    if clock != nil, matches & 15 == 0,
                        let reason = charge(
                            &clock, rule: index, since: &last, lineStart: start, bytes: buffer.count)
                    {
                        disabled[index] = true
                        reports.append(SpanRuleReport(rule: index, kind: rule.kind, reason: reason))
                        stopped = true
                        break
                    }
                    let range = match.start..<match.end
                    guard !range.isEmpty else {
                        position = Self.nextScalar(after: match.start, in: buffer)
                        continue
                    }
                    position = range.upperBound
                    guard !taken.overlaps(range),
                        let attribute = rule.attribute(
                            for: Substring(String(decoding: buffer[range], as: UTF8.self)))
                    else { continue }
                    found.append(Span(range: Range(bytes: range), attribute: attribute))
                }
                // The failed last search costs time too (a backtracking pattern's whole cost);
                // one that PCRE2 abandoned at the deadline found nothing it could trust.
                if !stopped, let running = clock {
                    let charged = charge(
                        &clock, rule: index, since: &last, lineStart: start, bytes: buffer.count)
                    let abandoned =
                        running.deadline.expired
                        ? "a search ran past the line's \(running.lineAllowance(bytes: buffer.count) / 1_000_000) ms"
                        : nil
                    if let reason = charged ?? abandoned {
                        disabled[index] = true
                        reports.append(SpanRuleReport(rule: index, kind: rule.kind, reason: reason))
                        stopped = true
                    }
                }
                guard !stopped else { continue }
                taken.insert(found.map(\.range.bytes))
                result += found
            }
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Charges the time since `last` to `rule`; returns why the rule must stop, or nil.
    private func charge(
        _ clock: inout SpanRuleClock?, rule: Int, since last: inout UInt64, lineStart: UInt64, bytes: Int
    ) -> String? {
        guard var running = clock else { return nil }
        let now = running.now()
        defer { clock = running }
        let elapsed = now &- last
        last = now
        return running.charge(elapsed, to: rule, onLine: now &- lineStart, bytes: bytes)
    }

    /// The offset of the scalar after the one at `offset` (past the end when there is none).
    private static func nextScalar(after offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var next = offset + 1
        while next < buffer.count, buffer[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}

/// The ranges of a line already taken, sorted by start, answering "does this range overlap
/// one?" by binary search (the ranges may overlap each other: links and given spans).
struct TakenRanges {
    private var ranges: [Range<Int>]
    /// `reach[i]`: the largest upper bound among `ranges[...i]`.
    private var reach: [Int] = []

    init(_ ranges: [Range<Int>]) {
        self.ranges = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        computeReach()
    }

    /// Whether `range` overlaps a taken range.
    func overlaps(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        // The ranges starting before `range` ends; one of them overlaps iff one reaches past
        // its start.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound < range.upperBound { low = middle + 1 } else { high = middle }
        }
        return low > 0 && reach[low - 1] > range.lowerBound
    }

    /// Adds ranges given in order of their starts.
    mutating func insert(_ sorted: [Range<Int>]) {
        guard !sorted.isEmpty else { return }
        var merged: [Range<Int>] = []
        merged.reserveCapacity(ranges.count + sorted.count)
        var i = 0
        var j = 0
        while i < ranges.count || j < sorted.count {
            if j == sorted.count || (i < ranges.count && ranges[i].lowerBound <= sorted[j].lowerBound) {
                merged.append(ranges[i])
                i += 1
            } else {
                merged.append(sorted[j])
                j += 1
            }
        }
        ranges = merged
        computeReach()
    }

    private mutating func computeReach() {
        reach.removeAll(keepingCapacity: true)
        var furthest = Int.min
        for range in ranges {
            furthest = max(furthest, range.upperBound)
            reach.append(furthest)
        }
    }
}
