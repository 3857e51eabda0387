import CPCRE2
import Foundation

/// A time limit inside PCRE2 searches, for patterns compiled `interruptible`.
///
/// PCRE2's match limit counts backtracking, not time: `a(?=[^z]*z)` over a line of 160,000
/// `a` backtracks little, yet one search compares 13 billion characters (7.6 s), and a budget
/// checked between searches never gets the chance. An interruptible pattern is compiled with
/// PCRE2's automatic callouts, so PCRE2 calls back before each item of the pattern; every
/// 64th call reads the wall clock (a few nanoseconds), and past the deadline the search is
/// abandoned (and reports no match). The work between two calls is at most one item over the
/// subject, so a search ends within a pass over the line after its deadline.
///
/// The allowance is of time the thread ran, not wall time: on a busy machine a thread that
/// waits for a core has not spent its budget. Thread CPU time is a system call (about 600 ns
/// here), so it is read only when the wall clock says the deadline passed: the wall time since
/// the line began is scaled by the share of the transaction's wall time the thread ran, and if
/// that is still within the allowance the deadline moves on.
public final class SearchDeadline {
    struct State {
        var lineStart: UInt64 = 0
        var allowance: UInt64 = .max
        var deadline: UInt64 = .max
        var transactionWallStart: UInt64 = 0
        var transactionCPUStart: UInt64 = 0
        var calls: UInt32 = 0
        var expired = false
    }

    let state: UnsafeMutablePointer<State>

    /// A deadline not set yet (searches run unlimited until ``set(lineStart:allowance:transactionStart:)``).
    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Allows `allowance` nanoseconds of running from `lineStart` (``wallTime()``), in a
    /// transaction that began at `transactionStart` (``wallTime()`` and ``threadCPUTime()``);
    /// clears ``expired``.
    public func set(lineStart: UInt64, allowance: UInt64, transactionStart: (wall: UInt64, cpu: UInt64)) {
        state.pointee = State(
            lineStart: lineStart, allowance: allowance, deadline: lineStart &+ allowance,
            transactionWallStart: transactionStart.wall, transactionCPUStart: transactionStart.cpu)
    }

    /// Whether a search stopped at the deadline since it was set.
    public var expired: Bool { state.pointee.expired }

    /// The monotonic clock, in nanoseconds.
    public static func wallTime() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// The CPU time the calling thread has used, in nanoseconds.
    public static func threadCPUTime() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The share of the wall time since `wallStart` that the thread ran (at most 1).
    public static func runningShare(since start: (wall: UInt64, cpu: UInt64), wallNow: UInt64) -> Double {
        let wall = wallNow &- start.wall
        guard wall > 0 else { return 1 }
        return min(1, Double(threadCPUTime() &- start.cpu) / Double(wall))
    }

    /// PCRE2's callout: 0 goes on; a negative value abandons the search.
    static let callout:
        @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
            _, data in
            guard let state = data?.assumingMemoryBound(to: State.self) else { return 0 }
            if state.pointee.expired { return PCRE2_ERROR_CALLOUT }
            state.pointee.calls &+= 1
            guard state.pointee.calls & 63 == 0 else { return 0 }
            let now = SearchDeadline.wallTime()
            guard now > state.pointee.deadline else { return 0 }
            let share = SearchDeadline.runningShare(
                since: (state.pointee.transactionWallStart, state.pointee.transactionCPUStart), wallNow: now)
            let ran = UInt64(Double(now &- state.pointee.lineStart) * share)
            if ran > state.pointee.allowance {
                state.pointee.expired = true
                return PCRE2_ERROR_CALLOUT
            }
            // Waiting for a core is not running: what is left of the allowance starts now.
            state.pointee.deadline = now &+ (state.pointee.allowance - ran)
            return 0
        }
}

extension MatchWorkspace {
    private static let interruptibleKey = ThreadLocalWorkspace()

    /// This thread's workspace for interruptible searches (span rules), where a caller
    /// installs its `SearchDeadline`: kept apart from ``current`` so the grammar engine's
    /// searches on the same thread never see a deadline, and one per thread rather than one
    /// per document (a workspace holds about half a megabyte of tables).
    public static var currentInterruptible: MatchWorkspace { interruptibleKey.workspace }

    /// Makes later searches of interruptible patterns stop at `deadline`'s time (nil: never).
    /// The workspace does not keep the deadline alive: the caller keeps it while installed.
    public func install(_ deadline: SearchDeadline?) {
        if let deadline {
            pcre2_set_callout_8(
                pcre.matchContext, SearchDeadline.callout, UnsafeMutableRawPointer(deadline.state))
        } else {
            pcre2_set_callout_8(pcre.matchContext, nil, nil)
        }
    }
}
