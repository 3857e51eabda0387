import Foundation
import Synchronization

/// One compiled rule list being made: its patterns handed out one at a time to every thread
/// that needs the list, so that threads waiting for the same list compile it together.
///
/// A document cut into chunks starts every chunk at once, and the chunks need the same lists
/// first (the root's, then those of the commonest rules). With the list compiled under the
/// grammar's lock by whichever thread came first, the others waited for all of it: on jQuery,
/// two threads waited 0.7–4 ms of the 4–5 ms the 135 patterns took to translate and compile.
/// Now a thread that needs a list being compiled takes the next pattern nobody has taken; the
/// thread that finishes the last one makes the list and publishes it; a thread that finds
/// nothing left to take waits for that.
final class ListCompilation: @unchecked Sendable {
    /// Which list: a rule's, in one anchor variant.
    struct Key: Hashable {
        var ruleId: Int
        var anchors: Anchors
    }

    /// Which list this is.
    let key: Key
    /// The list's patterns and the rule each comes from, in list order.
    let sources: [(RegexSource, Int)]
    private let taken = Atomic<Int>(0)
    private let compiled = Atomic<Int>(0)
    private let published = NSCondition()
    private var list: CompiledRuleList?

    init(key: Key, sources: [(RegexSource, Int)]) {
        self.key = key
        self.sources = sources
    }

    /// The index of a pattern no thread has taken yet, now taken by the caller; nil when all are.
    func take() -> Int? {
        let index = taken.add(1, ordering: .relaxed).oldValue
        return index < sources.count ? index : nil
    }

    /// Counts a taken pattern as compiled; true for the caller that compiled the last one, which
    /// must then `publish` the list.
    func markCompiled() -> Bool {
        compiled.add(1, ordering: .acquiringAndReleasing).newValue == sources.count
    }

    /// Whether the list has no pattern to compile: its maker publishes it at once.
    var isEmpty: Bool { sources.isEmpty }

    /// Hands the finished list to the threads waiting for it.
    func publish(_ list: CompiledRuleList) {
        published.lock()
        self.list = list
        published.broadcast()
        published.unlock()
    }

    /// The list, once a thread has published it.
    func waitForList() -> CompiledRuleList {
        published.lock()
        defer { published.unlock() }
        while list == nil { published.wait() }
        return list!
    }
}
