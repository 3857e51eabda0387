import Synchronization

/// A compiled grammar rule, vscode-textmate's `Rule` family in one type.
///
/// The kind is decided as in `RuleFactory.getCompiledRuleId`: `match` → match rule; no `begin`
/// → include-only; `while` → begin/while; otherwise begin/end. Fields are filled once while the
/// grammar is built and never change afterwards, except the lazily compiled pattern lists,
/// which the grammar's lock guards.
final class Rule: @unchecked Sendable {
    enum Kind {
        case match
        case includeOnly
        case beginEnd
        case beginWhile
        case capture
    }

    let id: Int
    let kind: Kind
    let name: NameTemplate?
    let contentName: NameTemplate?
    /// Where the rule sits in its grammar, for diagnostics (`repository.string.patterns[2]`).
    let path: String

    // The fields below are written only while the grammar is built and then only read, on
    // every scan: `@exclusivity(unchecked)` spares those reads a dynamic exclusivity check.

    /// The match rule's pattern, or the begin pattern of a begin rule.
    @exclusivity(unchecked) var match: RegexSource?
    /// Captures of the match, or of the begin match.
    @exclusivity(unchecked) var captures: [Rule?] = [] {
        didSet { unretainedCaptures.replace(with: captures) }
    }
    /// A begin/end rule's end pattern.
    @exclusivity(unchecked) var end: RegexSource? {
        didSet { unretainedEnd = end.map(Unmanaged.passUnretained) }
    }
    /// `end` for the scan, which reads it on every step inside the rule: reading the
    /// reference itself retained and released it each time. `end` keeps it alive.
    @exclusivity(unchecked) private(set) var unretainedEnd: Unmanaged<RegexSource>?
    @exclusivity(unchecked) var endCaptures: [Rule?] = [] {
        didSet { unretainedEndCaptures.replace(with: endCaptures) }
    }
    /// A begin/while rule's while pattern.
    @exclusivity(unchecked) var whileSource: RegexSource? {
        didSet { unretainedWhileSource = whileSource.map(Unmanaged.passUnretained) }
    }
    /// `whileSource` for the tokenizer, as `unretainedEnd` is `end`'s.
    @exclusivity(unchecked) private(set) var unretainedWhileSource: Unmanaged<RegexSource>?
    @exclusivity(unchecked) var whileCaptures: [Rule?] = [] {
        didSet { unretainedWhileCaptures.replace(with: whileCaptures) }
    }
    /// The three capture lists as the tokenizer reads them on every match: reading an array
    /// property of a rule retains the array, and reading an element retains the rule, counts
    /// that every thread tokenizing with the grammar writes to. The arrays above keep the
    /// rules alive.
    @exclusivity(unchecked) private(set) var unretainedCaptures = UnretainedRules()
    @exclusivity(unchecked) private(set) var unretainedEndCaptures = UnretainedRules()
    @exclusivity(unchecked) private(set) var unretainedWhileCaptures = UnretainedRules()
    @exclusivity(unchecked) var applyEndPatternLast = false
    /// Child rule ids (include-only, begin/end, begin/while).
    @exclusivity(unchecked) var patterns: [Int] = []
    @exclusivity(unchecked) var hasMissingPatterns = false
    /// A capture rule with `patterns`: the include-only rule that retokenizes the capture.
    @exclusivity(unchecked) var retokenizeCapturedWithRuleId: Int?

    // Lazily compiled child lists per anchor variant (A0G0, A1G0, A0G1, A1G1), published once
    // so the tokenizer reads them without taking the grammar's lock.
    let compiledList0 = PublishedReference<CompiledRuleList>()
    let compiledList1 = PublishedReference<CompiledRuleList>()
    let compiledList2 = PublishedReference<CompiledRuleList>()
    let compiledList3 = PublishedReference<CompiledRuleList>()
    // Resolved back-referenced ends; guarded by the grammar's lock.
    var resolvedEnds: [String: RegexSource] = [:]

    deinit {
        unretainedCaptures.deallocate()
        unretainedEndCaptures.deallocate()
        unretainedWhileCaptures.deallocate()
    }

    init(id: Int, kind: Kind, name: String?, contentName: String?, path: String) {
        self.id = id
        self.kind = kind
        self.name = name.map(NameTemplate.init)
        self.contentName = contentName.map(NameTemplate.init)
        self.path = path
    }

    /// The rule id vscode uses for a rule list's end pattern.
    static let endRuleId = -1
    /// The rule id vscode uses for a while pattern.
    static let whileRuleId = -2
}

/// A rule's flattened child patterns, compiled for one anchor variant.
final class CompiledRuleList: @unchecked Sendable {
    /// The search units: runs of combinable patterns joined into alternations.
    let entries: [PatternScanner.Entry]
    /// The entries as the scan loop reads them, in memory of the list's own so that reading
    /// them takes no reference; `entries` keeps their patterns alive. Never written after init.
    let slotBuffer: UnsafeMutableBufferPointer<PatternScanner.Slot>
    /// The rule id of each list index, in memory of the list's own for the same reason.
    private let ruleIdBuffer: UnsafeMutableBufferPointer<Int>
    /// Identifies the list in per-thread state (`MatchWorkspace.liveEntries`).
    let uid: Int

    private static let ids = RecycledIDs()

    init(entries: [PatternScanner.Entry], ruleIds: [Int]) {
        self.entries = entries
        slotBuffer = .allocate(capacity: entries.count)
        _ = slotBuffer.initialize(from: entries.map(PatternScanner.Slot.init))
        ruleIdBuffer = .allocate(capacity: ruleIds.count)
        _ = ruleIdBuffer.initialize(from: ruleIds)
        self.uid = Self.ids.take()
    }

    /// The rule id of list index `index`.
    @inline(__always)
    func ruleId(at index: Int) -> Int {
        ruleIdBuffer[index]
    }

    deinit {
        Self.ids.give(uid)
        slotBuffer.deinitialize()
        slotBuffer.deallocate()
        ruleIdBuffer.deallocate()
    }
}

/// Unretained references to rules that an array elsewhere keeps alive, in memory of their own.
struct UnretainedRules {
    private(set) var buffer = UnsafeMutableBufferPointer<Unmanaged<Rule>?>(start: nil, count: 0)

    var isEmpty: Bool { buffer.isEmpty }

    /// Points at `rules` instead, freeing the previous table.
    mutating func replace(with rules: [Rule?]) {
        deallocate()
        buffer = .allocate(capacity: rules.count)
        _ = buffer.initialize(from: rules.map { $0.map(Unmanaged.passUnretained) })
    }

    func deallocate() {
        buffer.deallocate()
    }
}
