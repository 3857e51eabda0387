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

    /// Queues `bytes` for writing, first waiting while the backlog is over the limit.
    func send(_ bytes: [UInt8]) {
        condition.lock()
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
