import Foundation
import JSONRPC

/// The client end of a `highlightd serve` child process: frames messages to its standard
/// input and reads what it writes to standard output, for tools (`highlightd drive`) and
/// end-to-end tests that talk to the daemon as an editor plugin does.
///
/// The output is read by the thread that waits for it, not by a reader thread of its own: a
/// thread in between would add a wake-up to every round trip `drive` measures. So that
/// neither side can block the other with a full pipe, a write that does not fit reads the
/// server's output (into `received`) while it waits for room, and `finish` reads to the end.
///
/// Not for use from several threads at once.
public final class ServerProcessClient: @unchecked Sendable {
    // `@unchecked Sendable`: one thread at a time uses it (see above).
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var decoder = FrameDecoder()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var received: [RPCMessage] = []
    private var receivedStart = 0
    private var closed = false
    private var nextID = 1

    /// The server process's id (for tests that read what it uses from `/proc`).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The process did not answer in time, or ended.
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String { "the server did not answer in time (or exited)" }
    }

    /// Starts `executable` with `arguments` (e.g. `["serve"]`); standard error goes to `log`.
    public init(executable: URL, arguments: [String], log: FileHandle? = FileHandle.nullDevice) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        if let log { process.standardError = log }
        try process.run()
        // Only this end of our own pipe: writes that do not fit return instead of blocking.
        let descriptor = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    private var inputDescriptor: Int32 { input.fileHandleForWriting.fileDescriptor }
    private var outputDescriptor: Int32 { output.fileHandleForReading.fileDescriptor }

    /// Reads one chunk of the server's output into `received`; false once it has ended.
    @discardableResult
    private func readOutput() -> Bool {
        guard !closed else { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                closed = true
                return false
            }
            decoder.append(buffer[0..<count])
            while let event = decoder.next() {
                guard case .frame(let body) = event, let json = try? JSONValue(parsing: body),
                    let message = try? RPCMessage(json: json)
                else { continue }
                received.append(message)
            }
            return true
        }
    }

    /// Writes raw bytes to the server's standard input, reading its output whenever the input
    /// pipe is full (the server may be waiting for us to read before it reads again).
    public func sendRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(inputDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                guard written < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return }
                var entries = [
                    pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0),
                    pollfd(fd: outputDescriptor, events: closed ? 0 : Int16(POLLIN), revents: 0),
                ]
                guard poll(&entries, 2, -1) >= 0 || errno == EINTR else { return }
                if entries[1].revents != 0 { readOutput() }
                // The server is gone: nothing will read the rest.
                if entries[0].revents & Int16(POLLERR | POLLHUP) != 0 { return }
            }
        }
    }

    /// Sends one message, framed.
    public func send(_ message: RPCMessage) {
        sendRaw(FrameEncoder.frame(message.json.serializedBytes()))
    }

    /// Sends a notification.
    public func notify(_ method: String, _ params: JSONValue?) {
        send(.notification(method: method, params: params))
    }

    /// Sends a request and returns its id.
    @discardableResult
    public func request(_ method: String, _ params: JSONValue?) -> RequestID {
        let id = RequestID.integer(nextID)
        nextID += 1
        send(.request(id: id, method: method, params: params))
        return id
    }

    /// Takes messages in order until `accept` returns true; returns that message and the ones
    /// before it. Throws `Timeout` when the deadline passes or the server's output ends.
    public func wait(timeout: TimeInterval = 60, until accept: (RPCMessage) throws -> Bool) throws -> (
        RPCMessage, [RPCMessage]
    ) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
        var skipped: [RPCMessage] = []
        while true {
            while receivedStart < received.count {
                let message = received[receivedStart]
                receivedStart += 1
                if receivedStart == received.count {
                    received.removeAll(keepingCapacity: true)
                    receivedStart = 0
                }
                if try accept(message) { return (message, skipped) }
                skipped.append(message)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard !closed, now < deadline else { throw Timeout() }
            var entry = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { readOutput() } else if ready < 0 && errno != EINTR { throw Timeout() }
        }
    }

    /// Sends a request and waits for its response: the result (or the error, thrown) and the
    /// messages that arrived before it.
    public func call(_ method: String, _ params: JSONValue?, timeout: TimeInterval = 60) throws -> (
        JSONValue, [RPCMessage]
    ) {
        let id = request(method, params)
        let (message, before) = try wait(timeout: timeout) {
            if case .response(id, _) = $0 { return true } else { return false }
        }
        guard case .response(_, let result) = message else { throw Timeout() }
        return (try result.get(), before)
    }

    /// Closes the server's standard input, reads its output to the end (so it is never held
    /// in a write) and waits for it to exit; returns its status.
    public func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        while readOutput() {}
        process.waitUntilExit()
        return process.terminationStatus
    }
}
