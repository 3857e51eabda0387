import Foundation

/// Why the loop must stop waiting for input and end.
enum StopReason: Error, Equatable {
    case signal(Int32)
    case outputClosed
}

/// A self-pipe that wakes the main thread out of `poll` when another thread has a reason to
/// end the loop: a termination signal (delivered on a dispatch queue) or a client that closed
/// its end of the output (found by the writer).
///
/// The main thread waits in `poll` on standard input and this pipe's read end together, so
/// ending the loop costs no timer and no lock on the keystroke path. The first reason wins.
///
/// `@unchecked Sendable`: `reason` is guarded by `lock`; the descriptors never change.
final class WakeUp: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: StopReason?
    /// The descriptor `poll` watches (readable once a reason was given).
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        // A pipe that cannot be made leaves both ends at -1: `poll` ignores a negative
        // descriptor, and `stop` still records its reason for the next check.
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Records `newReason` (unless one is already recorded) and wakes the waiting thread.
    func stop(_ newReason: StopReason) {
        lock.lock()
        if reason == nil { reason = newReason }
        lock.unlock()
        var byte: UInt8 = 1
        // Non-blocking: a full pipe already holds a wake-up, which is all that is needed.
        _ = write(writeDescriptor, &byte, 1)
    }

    /// The reason given, if any.
    var stopReason: StopReason? {
        lock.lock()
        defer { lock.unlock() }
        return reason
    }
}
