import Foundation
import JSONRPC

/// Reads the client's messages on the thread that applies them.
///
/// The daemon once read on a thread of its own and handed parsed messages to the main thread
/// through a locked queue: a keystroke then woke two threads before any work began, which cost
/// more than the work. Here the main thread waits in `poll` on standard input and the loop's
/// `WakeUp` pipe, reads what is there, decodes frames and parses them itself; everything that
/// has already arrived is taken together, so queued edits still coalesce into one batch.
///
/// Memory stays bounded: one call takes at most `messageLimit` messages or `byteLimit` bytes
/// of bodies (one larger message is still taken on its own), and input is only read when the
/// loop asks for it, so a client that writes faster than the server works fills the pipe and
/// waits in its own `write` (backpressure).
struct InputReader {
    private let descriptor: Int32
    private let wakeUp: WakeUp
    private let recorder: MessageRecorder?
    private var decoder: FrameDecoder
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var ended = false
    private var spin: ReplySpin
    let messageLimit: Int
    let byteLimit: Int

    init(
        descriptor: Int32, wakeUp: WakeUp, recorder: MessageRecorder?, maximumContentLength: Int,
        messageLimit: Int, byteLimit: Int, spinMicroseconds: Int = 0
    ) {
        self.descriptor = descriptor
        self.wakeUp = wakeUp
        self.recorder = recorder
        decoder = FrameDecoder(maximumContentLength: maximumContentLength)
        self.messageLimit = messageLimit
        self.byteLimit = byteLimit
        spin = ReplySpin(microseconds: spinMicroseconds)
    }

    /// Everything that has arrived, up to the limits; with `blocking`, first waits until a
    /// whole message (or the end of input) is there. Returns the stop reason instead once one
    /// was given.
    mutating func take(blocking: Bool) -> Result<[InputItem], StopReason> {
        var items: [InputItem] = []
        var bytes = 0
        while true {
            if let reason = wakeUp.stopReason { return .failure(reason) }
            while items.count < messageLimit, items.isEmpty || bytes < byteLimit, let event = decoder.next() {
                let item: InputItem
                switch event {
                case .frame(let body):
                    recorder?.record(body)
                    item = .parse(body)
                case .error(let error):
                    item = .framingError(error)
                }
                items.append(item)
                bytes += item.size
            }
            if ended || items.count >= messageLimit || (!items.isEmpty && bytes >= byteLimit) { break }
            switch blocking && items.isEmpty ? waitForMessage() : waitForInput(timeout: 0) {
            case .readable:
                guard readChunk() else {
                    items.append(.endOfInput)
                    return .success(items)
                }
            case .nothing:
                return .success(items)
            case .woken:
                continue
            }
        }
        return .success(items)
    }

    /// Whether input waits to be taken now: a whole frame already read, or bytes in the pipe.
    mutating func hasInputNow() -> Bool {
        if ended { return true }
        if case .readable = waitForInput(timeout: 0) { return true }
        return false
    }

    private enum Readiness {
        case readable, nothing, woken
    }

    /// Waits without a time limit for input or a wake-up, polling first for a moment when the
    /// client has been answering right back (`ReplySpin`).
    private mutating func waitForMessage() -> Readiness {
        let start = ReplySpin.now
        if spin.isOn {
            repeat {
                let readiness = waitForInput(timeout: 0)
                if readiness != .nothing {
                    spin.record(waited: ReplySpin.now &- start)
                    return readiness
                }
            } while ReplySpin.now &- start < spin.budget
        }
        let readiness = waitForInput(timeout: -1)
        spin.record(waited: ReplySpin.now &- start)
        return readiness
    }

    /// Waits in `poll` (`-1`: without a time limit) for input or a wake-up.
    private func waitForInput(timeout: Int32) -> Readiness {
        // A tuple, not an array: this runs on every message, and in a loop while spinning.
        var entries = (
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeUp.readDescriptor, events: Int16(POLLIN), revents: 0)
        )
        while true {
            let ready = withUnsafeMutableBytes(of: &entries) { raw in
                poll(raw.baseAddress!.assumingMemoryBound(to: pollfd.self), 2, timeout)
            }
            if ready < 0 {
                if errno == EINTR { continue }
                // Standard input is not something `poll` can watch: read it and see.
                return .readable
            }
            if entries.1.revents != 0 { return .woken }
            // A hang-up or error is read too: `read` then reports the end of input.
            return entries.0.revents != 0 ? .readable : .nothing
        }
    }

    /// Reads once into the decoder; false at the end of input.
    private mutating func readChunk() -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // A descriptor someone made non-blocking: nothing yet, which is not an end.
                if errno == EAGAIN || errno == EWOULDBLOCK { return true }
            }
            if count <= 0 {
                ended = true
                return false
            }
            decoder.append(buffer[0..<count])
            return true
        }
    }
}
