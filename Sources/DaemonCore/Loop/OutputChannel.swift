import Foundation

/// Writes frames to the client in order on a serial queue, with a bound on what waits.
///
/// `send` blocks the caller (the main thread) while more than `byteLimit` bytes wait for a
/// slow reader, so output cannot grow without bound; the main thread then stops taking
/// messages, the inbox fills, and the backpressure reaches the client's writes. A write that
/// fails (the client closed its end: `EPIPE`, with SIGPIPE ignored) marks the channel closed;
/// later output is dropped and `onClose` runs once.
///
/// `@unchecked Sendable`: the counters are guarded by `condition`; `onClose` is set before use.
final class OutputChannel: @unchecked Sendable {
    private let queue = DispatchQueue(label: "highlightd.writer")
    private let condition = NSCondition()
    private let descriptor: Int32
    private var waitingBytes = 0
    private var closed = false
    private var interrupted = false
    let byteLimit: Int
    /// Called once, on the writer's queue, when the client stops reading for good.
    var onClose: @Sendable () -> Void = {}

    init(descriptor: Int32, byteLimit: Int) {
        self.descriptor = descriptor
        self.byteLimit = byteLimit
    }

    /// Writes `bytes` now when that cannot block, else queues them, first waiting while the
    /// backlog is over the limit.
    ///
    /// A keystroke's push is a few hundred bytes: handing it to the writer thread cost a
    /// wake-up of that thread per keystroke. With nothing queued, a frame of at most
    /// `PIPE_BUF` bytes goes out from the caller when `poll` says the descriptor takes
    /// `PIPE_BUF` bytes without blocking (for a pipe, such a write is also atomic).
    func send(_ bytes: [UInt8]) {
        condition.lock()
        if waitingBytes == 0, !closed, bytes.count <= Self.directWriteLimit, Self.isWritableNow(descriptor) {
            let delivered = Self.writeAll(bytes, to: descriptor)
            let justClosed = !delivered
            if !delivered { closed = true }
            condition.unlock()
            if justClosed { queue.async { [self] in onClose() } }
            return
        }
        while waitingBytes > 0, waitingBytes + bytes.count > byteLimit, !closed, !interrupted {
            condition.wait()
        }
        guard !closed else {
            condition.unlock()
            return
        }
        waitingBytes += bytes.count
        condition.unlock()
        queue.async { [self] in
            let delivered = Self.writeAll(bytes, to: descriptor)
            condition.lock()
            waitingBytes -= bytes.count
            let justClosed = !delivered && !closed
            if !delivered { closed = true }
            condition.broadcast()
            condition.unlock()
            if justClosed { onClose() }
        }
    }

    /// Stops `send` from waiting (a signal arrived: the process is about to end).
    func interrupt() {
        condition.lock()
        interrupted = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everything queued is written (or the client stopped reading), at most
    /// `timeout` seconds (a client that never reads must not keep the process alive); returns
    /// whether it all went out.
    @discardableResult
    func flush(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while waitingBytes > 0, !closed {
            if !condition.wait(until: deadline) { return false }
        }
        return !closed
    }

    /// Whether the client stopped reading.
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// The largest frame written from the caller: POSIX's `PIPE_BUF` floor, what `POLLOUT`
    /// promises a pipe takes without blocking.
    static let directWriteLimit = 4096

    /// Whether `descriptor` takes a write now (`poll` with no wait).
    private static func isWritableNow(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
            && entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
    }

    /// Writes all of `bytes`; false if the descriptor refused them (the reader went away).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
