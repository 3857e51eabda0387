import Foundation
import JSONRPC

/// The client end of a `highlightd serve` child process: frames messages to its standard
/// input and collects what it writes to standard output, for tools (`highlightd drive`) and
/// end-to-end tests that talk to the daemon as an editor plugin does.
public final class ServerProcessClient: @unchecked Sendable {
    // `@unchecked Sendable`: `received` and `closed` are only touched under `condition`.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var received: [RPCMessage] = []
    private var closed = false
    private var nextID = 1

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
        let handle = output.fileHandleForReading
        let reader = Thread { [self] in readLoop(handle) }
        reader.start()
    }

    private func readLoop(_ handle: FileHandle) {
        var decoder = FrameDecoder()
        while true {
            let data = handle.availableData
            if data.isEmpty { break }
            decoder.append(data)
            while let event = decoder.next() {
                guard case .frame(let body) = event, let json = try? JSONValue(parsing: Data(body)),
                    let message = try? RPCMessage(json: json)
                else { continue }
                condition.lock()
                received.append(message)
                condition.signal()
                condition.unlock()
            }
        }
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// Writes raw bytes to the server's standard input.
    public func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// Sends one message, framed.
    public func send(_ message: RPCMessage) {
        sendRaw(FrameEncoder.frame(Array(message.json.serialized())))
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
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var skipped: [RPCMessage] = []
        while true {
            while !received.isEmpty {
                let message = received.removeFirst()
                if try accept(message) { return (message, skipped) }
                skipped.append(message)
            }
            if closed || !condition.wait(until: deadline) { throw Timeout() }
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

    /// Closes the server's standard input and waits for it to exit; returns its status.
    public func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
