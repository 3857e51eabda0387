import CPCRE2
import Foundation

/// A time limit inside PCRE2 searches, for patterns compiled `interruptible`, in the
/// searching thread's CPU time (``threadCPUTime()``): a thread the system stops for a while
/// on a busy machine has not spent its budget.
///
/// PCRE2's match limit counts backtracking, not time: `a(?=[^z]*z)` over a line of 160,000
/// `a` backtracks little, yet one search compares 13 billion characters (7.6 s), and a budget
/// checked between searches never gets the chance. An interruptible pattern is compiled with
/// PCRE2's automatic callouts, so PCRE2 calls back before each item of the pattern; every
/// 64th call reads the clock, and past the deadline the search is abandoned (and reports no
/// match). The work between two calls is at most one item over the subject, so a search ends
/// within a pass over the line after its deadline.
public final class SearchDeadline {
    struct State {
        var deadline: UInt64 = .max
        var calls: UInt32 = 0
        var expired = false
    }

    let state: UnsafeMutablePointer<State>

    /// A deadline not set yet (searches run unlimited until ``set(_:)``).
    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Sets the deadline (in ``threadCPUTime()``'s nanoseconds) and clears ``expired``.
    public func set(_ uptimeNanoseconds: UInt64) {
        state.pointee = State(deadline: uptimeNanoseconds)
    }

    /// Whether a search stopped at the deadline since it was set.
    public var expired: Bool { state.pointee.expired }

    /// The CPU time the calling thread has used, in nanoseconds.
    public static func threadCPUTime() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// PCRE2's callout: 0 goes on; a negative value abandons the search.
    static let callout:
        @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
            _, data in
            guard let state = data?.assumingMemoryBound(to: State.self) else { return 0 }
            state.pointee.calls &+= 1
            guard state.pointee.calls & 63 == 0 || state.pointee.expired else { return 0 }
            if state.pointee.expired || SearchDeadline.threadCPUTime() > state.pointee.deadline {
                state.pointee.expired = true
                return PCRE2_ERROR_CALLOUT
            }
            return 0
        }
}

extension MatchWorkspace {
    private static let interruptibleKey = "highlightd.GrammarEngine.MatchWorkspace.interruptible"

    /// This thread's workspace for interruptible searches (span rules), where a caller
    /// installs its `SearchDeadline`: kept apart from ``current`` so the grammar engine's
    /// searches on the same thread never see a deadline, and one per thread rather than one
    /// per document (a workspace holds about half a megabyte of tables).
    public static var currentInterruptible: MatchWorkspace { threadLocal(interruptibleKey) }

    /// Makes later searches of interruptible patterns stop at `deadline`'s time (nil: never).
    /// The workspace does not keep the deadline alive: the caller keeps it while installed.
    public func install(_ deadline: SearchDeadline?) {
        if let deadline {
            pcre2_set_callout_8(matchContext, SearchDeadline.callout, UnsafeMutableRawPointer(deadline.state))
        } else {
            pcre2_set_callout_8(matchContext, nil, nil)
        }
    }
}
