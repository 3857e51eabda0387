import Foundation
import JSONRPC

/// Runs a `Server` over standard input and output: a reader thread parses frames, the calling
/// thread applies them in order (coalescing queued edits, then highlighting in the background
/// between messages), and a serial writer queue sends replies in order. A slow client only
/// makes the writer queue grow; nothing is lost or reordered.
///
/// `@unchecked Sendable`: the inbox is guarded by `condition`; the rest is set once in `init`.
public final class ServerLoop: @unchecked Sendable {
    private enum Input {
        case frame([UInt8])
        case framingError(FramingError)
        case endOfInput
    }

    private let configuration: ServerConfiguration
    private let maximumContentLength: Int
    private let recorder: MessageRecorder?
    private let condition = NSCondition()
    private var inbox: [Input] = []
    private let writer = DispatchQueue(label: "highlightd.writer")
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32

    /// A loop over the given file descriptors (standard input and output by default).
    public init(
        configuration: ServerConfiguration, maximumContentLength: Int = 64 << 20, recordTo url: URL? = nil,
        input: Int32 = 0, output: Int32 = 1
    ) throws {
        self.configuration = configuration
        self.maximumContentLength = maximumContentLength
        recorder = try url.map { try MessageRecorder(url: $0) }
        inputDescriptor = input
        outputDescriptor = output
    }

    /// Serves until `exit` or the end of input; returns the process's exit status.
    public func run() -> Int32 {
        let server = Server(configuration: configuration) { [writer, outputDescriptor] message in
            let bytes = FrameEncoder.frame(Array(message.json.serialized()))
            writer.async { Self.writeAll(bytes, to: outputDescriptor) }
        }
        let reader = Thread { [self] in readLoop() }
        reader.stackSize = 1 << 20
        reader.start()
        var status: Int32 = 1
        loop: while true {
            condition.lock()
            while inbox.isEmpty && !server.hasBackgroundWork { condition.wait() }
            let batch = inbox
            inbox.removeAll()
            condition.unlock()

            var messages: [Input] = []
            var ended = false
            for input in batch {
                if case .endOfInput = input { ended = true } else { messages.append(input) }
            }
            process(messages, server: server)
            if let exit = server.exitStatus {
                status = exit
                break loop
            }
            if ended {
                status = server.isShutDown ? 0 : 1
                break loop
            }
            if batch.isEmpty { server.runBackgroundSlice() }
        }
        writer.sync {}
        return status
    }

    private func process(_ inputs: [Input], server: Server) {
        var pending: [RPCMessage] = []
        func flush() {
            if !pending.isEmpty { server.handle(batch: pending) }
            pending.removeAll()
        }
        for input in inputs {
            switch input {
            case .frame(let body):
                // Parse here so consecutive edits can be coalesced; errors go through the server.
                if let json = try? JSONValue(parsing: Data(body)), let message = try? RPCMessage(json: json) {
                    pending.append(message)
                } else {
                    flush()
                    server.handle(frame: body)
                }
            case .framingError(let error):
                flush()
                server.handle(framingError: error)
            case .endOfInput:
                break
            }
            if server.exitStatus != nil { break }
        }
        flush()
    }

    private func readLoop() {
        var decoder = FrameDecoder(maximumContentLength: maximumContentLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            decoder.append(buffer[0..<count])
            var received: [Input] = []
            while let event = decoder.next() {
                switch event {
                case .frame(let body):
                    recorder?.record(body)
                    received.append(.frame(body))
                case .error(let error):
                    received.append(.framingError(error))
                }
            }
            if !received.isEmpty { enqueue(received) }
        }
        enqueue([.endOfInput])
    }

    private func enqueue(_ inputs: [Input]) {
        condition.lock()
        inbox.append(contentsOf: inputs)
        condition.signal()
        condition.unlock()
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // The client went away; nothing more to deliver.
                }
                offset += written
            }
        }
    }
}
