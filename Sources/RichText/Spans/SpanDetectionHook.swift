import DocumentStorage
import GrammarEngine
import TextRope

/// A processEditing hook that owns the span layer: it re-runs the span rules over the edited
/// paragraphs, after the link hook, exactly as that hook re-detects links.
///
/// Spans a client gave (a FormattableContent open) are kept while intact; an edit that cuts
/// into one breaks it, and it is dropped. Spans the rules made are derived again from the text,
/// so the layer always equals a from-scratch run of the rules over every line — the invariant
/// the property tests check.
public final class SpanDetectionHook: TextStorageHook {
    /// The name in logs and failure reports.
    public let name = "spans"

    /// The rules run over each edited paragraph.
    public var detector: SpanDetector
    /// The time the rules may take per line and per transaction (`nil`: unlimited).
    public var budget: SpanRuleBudget?
    /// `disabledRules[i]`: rule `i` ran out of time and no longer runs on this document.
    public private(set) var disabledRules: [Bool]
    /// Rules disabled since the last ``takeReports()``.
    private var pendingReports: [SpanRuleReport] = []
    /// The clocks budgets are measured with (wall time, and the thread's CPU time to confirm
    /// a rule ran out); tests set their own.
    var now: @Sendable () -> UInt64 = SearchDeadline.wallTime
    var cpuTime: @Sendable () -> UInt64 = SearchDeadline.threadCPUTime
    /// Stops a rule's search at its line's deadline (installed in this thread's interruptible
    /// workspace while the rules run).
    private let deadline = SearchDeadline()

    /// Makes a hook running `rules`, in order, within `budget`.
    public init(rules: [SpanRule] = [], budget: SpanRuleBudget? = SpanRuleBudget()) {
        detector = SpanDetector(rules: rules)
        self.budget = budget
        disabledRules = Array(repeating: false, count: rules.count)
    }

    /// The rules disabled since the last call, each reported once.
    public func takeReports() -> [SpanRuleReport] {
        defer { pendingReports.removeAll() }
        return pendingReports
    }

    /// Re-derives the spans of the context's paragraphs.
    public func processEditing(in storage: TextStorage, context: EditingContext) throws {
        guard context.editedRange != nil else { return }
        // As in the link hook: each changed region's lines, and the next line after a break.
        for paragraphs in storage.editedParagraphs(context) {
            redetect(in: paragraphs, of: storage)
        }
    }

    /// Re-derives the spans of the lines holding `range` (after links there changed, say).
    public func redetect(in range: Range<UTF8Offset>, of storage: TextStorage) {
        let length = storage.text.utf8End
        var lower = max(0, min(range.lowerBound, length))
        var upper = max(lower, min(range.upperBound, length))
        // A given span may cross a line end: take it whole so it is judged whole.
        for span in storage.wholeSpans(overlapping: lower..<upper) {
            lower = min(lower, span.range.lowerBound)
            upper = max(upper, span.range.upperBound)
        }
        let paragraphs = storage.paragraphRange(for: lower..<upper)
        guard !paragraphs.isEmpty else { return }
        let kept = storage.spans(in: paragraphs).filter { $0.attribute.isGiven && $0.isIntact }
        var spans = kept
        if !detector.rules.isEmpty {
            let links = storage.links(in: paragraphs).map(\.range)
            // In document order, so each line's share is found by a cursor, not a filter of all.
            let occupied = (links + kept.map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
            var clock = budget.map {
                SpanRuleClock(
                    budget: $0, ruleCount: detector.rules.count,
                    enabled: disabledRules.filter { !$0 }.count, deadline: deadline, now: now,
                    cpuTime: cpuTime)
            }
            let workspace = MatchWorkspace.currentInterruptible
            workspace.install(budget == nil ? nil : deadline)
            defer { workspace.install(nil) }
            // Each line takes the occupied ranges that reach into it; a range across line ends
            // (a given span) stays active until a line starts past it.
            var next = 0
            var active: [Range<UTF8Offset>] = []
            for line in Self.lines(of: storage.text.substring(paragraphs), at: paragraphs.lowerBound) {
                active.removeAll { $0.upperBound <= line.range.lowerBound }
                while next < occupied.count, occupied[next].lowerBound < line.range.upperBound {
                    if occupied[next].upperBound > line.range.lowerBound { active.append(occupied[next]) }
                    next += 1
                }
                let inLine = active.filter { $0.overlaps(line.range) }.map {
                    ($0.lowerBound - line.range.lowerBound)..<($0.upperBound - line.range.lowerBound)
                }
                for span in detector.spans(
                    in: line.text, occupied: inLine, workspace: workspace, clock: &clock,
                    disabled: &disabledRules,
                    reports: &pendingReports)
                {
                    let start = line.range.lowerBound
                    spans.append(
                        Span(
                            range: (start + span.range.lowerBound.rawValue)..<(start
                                + span.range.upperBound.rawValue),
                            attribute: span.attribute))
                }
            }
        }
        storage.setSpans(spans, replacingIn: paragraphs)
    }

    /// The lines of `text` without their terminators (`\n`, `\r\n`, `\r`), with their UTF-8
    /// ranges from `offset`.
    static func lines(of text: String, at offset: UTF8Offset) -> [(text: String, range: Range<UTF8Offset>)] {
        var result: [(String, Range<Int>)] = []
        let bytes = Array(text.utf8)
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                result.append((String(decoding: bytes[start..<index], as: UTF8.self), start..<index))
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count {
            result.append((String(decoding: bytes[start...], as: UTF8.self), start..<bytes.count))
        }
        return result.map { ($0.0, (offset + $0.1.lowerBound)..<(offset + $0.1.upperBound)) }
    }
}
