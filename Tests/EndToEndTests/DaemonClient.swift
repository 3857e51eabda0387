import Foundation
import JSONRPC

/// A client of `highlightd serve` for end-to-end tests: spawns the built binary and speaks
/// the protocol over its standard input and output, as an editor plugin would.
final class DaemonClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var received: [RPCMessage] = []
    private var closed = false
    private var nextID = 1

    init(arguments: [String] = []) throws {
        process.executableURL = BuiltBinary.url
        process.arguments = ["serve"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
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
        }.start()
    }

    /// Sends raw bytes.
    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// Sends a message.
    func send(_ message: RPCMessage) {
        sendRaw(FrameEncoder.frame(Array(message.json.serialized())))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(.notification(method: method, params: params))
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: JSONValue?) -> RequestID {
        let id = RequestID.integer(nextID)
        nextID += 1
        send(.request(id: id, method: method, params: params))
        return id
    }

    struct Timeout: Error {}

    /// Waits for the next message satisfying `accept`, returning it and the notifications that
    /// came before it.
    func wait(timeout: TimeInterval = 30, until accept: (RPCMessage) -> Bool) throws -> (
        RPCMessage, [RPCMessage]
    ) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var skipped: [RPCMessage] = []
        while true {
            while !received.isEmpty {
                let message = received.removeFirst()
                if accept(message) { return (message, skipped) }
                skipped.append(message)
            }
            if closed || !condition.wait(until: deadline) { throw Timeout() }
        }
    }

    /// Sends a request and waits for its response; returns the result (or throws the error)
    /// and the messages that arrived before it.
    func call(_ method: String, _ params: JSONValue?) throws -> (JSONValue, [RPCMessage]) {
        let id = request(method, params)
        let (message, before) = try wait {
            if case .response(id, _) = $0 { return true } else { return false }
        }
        guard case .response(_, let result) = message else { throw Timeout() }
        return (try result.get(), before)
    }

    /// Closes standard input and waits for the process to end; returns its status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Initializes with the given encoding and pushes on.
    func initialize(encoding: String, grammarPaths: [String] = []) throws -> JSONValue {
        let (result, _) = try call(
            "initialize",
            [
                "processId": nil,
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": [
                    "attributeDeltas": true, "grammarPaths": .array(grammarPaths.map { .string($0) }),
                ],
            ])
        notify("initialized", [:])
        return result
    }
}
