/// A rule's flattened child patterns, compiled for one anchor variant.
///
/// It owns its patterns (`entries`) and the memory the scan reads them through: slots with
/// unowned patterns, and rule ids, outside any array, so that reading them takes no reference.
final class CompiledRuleList: @unchecked Sendable {
    /// The search units: runs of combinable patterns joined into alternations.
    let entries: [PatternScanner.Entry]
    /// The entries as the scan loop reads them; `entries` owns their patterns. Never written
    /// after init.
    let slotBuffer: UnsafeMutableBufferPointer<PatternScanner.Slot>
    /// What each entry needs of a whole line, in entry order, for screening the entries when
    /// the live-entry set is rebuilt for a line (`LiveEntries.prepare`); empty when no entry
    /// rules out any line. Never written after init.
    let requirementBuffer: UnsafeMutableBufferPointer<LineRequirement>
    /// The rule id of each list index.
    private let ruleIdBuffer: UnsafeMutableBufferPointer<Int>
    /// Identifies the list in per-thread state (`ScanState.liveEntries`).
    let uid: Int

    private static let ids = RecycledIDs()

    init(entries: [PatternScanner.Entry], ruleIds: [Int]) {
        self.entries = entries
        slotBuffer = .allocate(capacity: entries.count)
        _ = slotBuffer.initialize(from: entries.map(PatternScanner.Slot.init))
        let requirements = entries.map { $0.pattern.prefilter.pointee.lineRequirement }
        let screens = requirements.contains { !$0.isTrivial }
        requirementBuffer = .allocate(capacity: screens ? requirements.count : 0)
        if screens { _ = requirementBuffer.initialize(from: requirements) }
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
        requirementBuffer.deallocate()
        ruleIdBuffer.deallocate()
    }
}
