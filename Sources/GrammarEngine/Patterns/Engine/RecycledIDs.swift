import Synchronization

/// Small integer ids that are given back when their object is freed, for objects that index
/// per-thread tables (patterns in `SearchCache`, rule lists in `MatchWorkspace`'s live-entry
/// table).
///
/// Those tables grow to the largest id they see and never shrink. With ids that only ever
/// grew, every grammar loaded again (the daemon reloads all of them on each configuration
/// change) pushed the tables further, for good. Reused ids keep them as large as the patterns
/// alive at once.
///
/// Reuse is safe for those tables because their entries are only valid for the subject
/// (line) they were written in, and an object is never freed while a line its grammar is
/// tokenizing is still being scanned.
final class RecycledIDs: Sendable {
    private struct State {
        var next = 0
        var free: [Int] = []
    }

    private let state = Mutex(State())

    /// An id no live object holds.
    func take() -> Int {
        state.withLock { state in
            if let id = state.free.popLast() { return id }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Gives `id` back (its object is being freed).
    func give(_ id: Int) {
        state.withLock { $0.free.append(id) }
    }
}
