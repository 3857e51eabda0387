import Foundation
import JSONRPC

/// Runs a `Server` over standard input and output.
///
/// Three threads, each with one job: a reader thread decodes frames and parses messages into a
/// bounded `Inbox`; the calling (main) thread applies them in order — coalescing queued edits,
/// highlighting in the background between messages — and hands output to a bounded
/// `OutputChannel` whose serial queue writes it in order. Memory under load is bounded on both
/// sides: a client that writes faster than the server works, or reads slower than it answers,
/// is held back in its own write instead.
///
/// The process ends cleanly on every path: `exit`, the end of standard input, a client that
/// closes standard output, and SIGTERM/SIGINT/SIGHUP all flush the output (for a bounded
/// time), the log and the recording, then return an exit status.
///
/// `@unchecked Sendable`: everything is set once in `init`; the shared state lives in `Inbox`
/// and `OutputChannel`, which guard it.
public final class ServerLoop: @unchecked Sendable {
    /// Limits that bound the daemon's memory under load (the defaults suit an editor).
    public struct Limits: Sendable {
        /// Messages read but not yet applied before the reader stops reading.
        public var inboxMessages = 4096
        /// Bytes of message bodies read but not yet applied before the reader stops reading
        /// (one larger message is still accepted on its own).
        public var inboxBytes = 8 << 20
        /// Bytes of output waiting for the client before the server stops working.
        public var outputBytes = 8 << 20
        /// Input applied since the last trim after which going idle returns freed memory to
        /// the system (`malloc_trim`).
        public var trimAfterBytes = 1 << 20

        /// The defaults.
        public init() {}
    }

    private let configuration: ServerConfiguration
    private let maximumContentLength: Int
    private let limits: Limits
    private let recorder: MessageRecorder?
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32

    /// A loop over the given file descriptors (standard input and output by default).
    public init(
        configuration: ServerConfiguration, maximumContentLength: Int = 64 << 20, limits: Limits = .init(),
        recordTo url: URL? = nil, input: Int32 = 0, output: Int32 = 1
    ) throws {
        self.configuration = configuration
        self.maximumContentLength = maximumContentLength
        self.limits = limits
        recorder = try url.map { try MessageRecorder(url: $0) }
        inputDescriptor = input
        outputDescriptor = output
    }

    /// Serves until `exit`, the end of input, a closed output or a termination signal;
    /// returns the process's exit status.
    public func run() -> Int32 {
        PipeCapacity.enlarge(inputDescriptor)
        PipeCapacity.enlarge(outputDescriptor)
        let inbox = Inbox(messageLimit: limits.inboxMessages, byteLimit: limits.inboxBytes)
        let output = OutputChannel(descriptor: outputDescriptor, byteLimit: limits.outputBytes)
        output.onClose = { inbox.stop(.outputClosed) }
        let signals = SignalWatcher { number in
            inbox.stop(.signal(number))
            output.interrupt()
        }
        let server = Server(configuration: configuration) { message in
            output.send(FrameEncoder.frame(Array(message.json.serialized())))
        }
        let reader = Thread { [self] in readLoop(into: inbox) }
        reader.stackSize = 1 << 20
        reader.start()

        let status = serve(server, inbox: inbox)
        // A client that never reads must not keep the process alive: bounded flush.
        output.flush(timeout: 5)
        recorder?.close()
        server.flushLog()
        withExtendedLifetime(signals) {}
        return status
    }

    /// Applies messages until the loop should end; returns the exit status.
    private func serve(_ server: Server, inbox: Inbox) -> Int32 {
        var appliedSinceTrim = 0
        while true {
            let idle = !server.hasBackgroundWork
            if idle, appliedSinceTrim >= limits.trimAfterBytes, inbox.isEmpty {
                // Going idle after a burst: glibc keeps freed pages in its arenas unless asked.
                MemoryTrim.returnFreedMemory()
                appliedSinceTrim = 0
            }
            let items: [InboxItem]
            switch inbox.take(blocking: idle) {
            case .success(let taken): items = taken
            case .failure(.outputClosed): return 0
            case .failure(.signal(let number)):
                server.log("signal \(number): exiting")
                return 0
            }
            appliedSinceTrim += items.reduce(0) { $0 + $1.size }
            let ended = apply(items, to: server)
            if let status = server.exitStatus { return status }
            // Standard input closed: the client is gone, and nothing it asked is left undone.
            if ended { return 0 }
            if items.isEmpty { server.runBackgroundSlice() }
        }
    }

    /// Hands items to the server, batching consecutive messages so queued edits coalesce;
    /// returns whether the end of input was among them.
    private func apply(_ items: [InboxItem], to server: Server) -> Bool {
        var pending: [RPCMessage] = []
        var ended = false
        func flush() {
            if !pending.isEmpty { server.handle(batch: pending) }
            pending.removeAll()
        }
        for item in items {
            switch item {
            case .message(let message, _): pending.append(message)
            case .unreadable(let body):
                flush()
                server.handle(frame: body)
            case .framingError(let error):
                flush()
                server.handle(framingError: error)
            case .endOfInput: ended = true
            }
            if server.exitStatus != nil { break }
        }
        flush()
        return ended
    }

    /// Reads standard input, decoding frames and parsing messages off the main thread.
    private func readLoop(into inbox: Inbox) {
        var decoder = FrameDecoder(maximumContentLength: maximumContentLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            decoder.append(buffer[0..<count])
            var received: [InboxItem] = []
            while let event = decoder.next() {
                switch event {
                case .frame(let body):
                    recorder?.record(body)
                    received.append(Self.parse(body))
                case .error(let error):
                    received.append(.framingError(error))
                }
            }
            if !received.isEmpty && !inbox.put(received) { return }
        }
        _ = inbox.put([.endOfInput])
    }

    /// A frame body as a message, or as unreadable (the server then explains why).
    private static func parse(_ body: [UInt8]) -> InboxItem {
        guard let json = try? JSONValue(parsing: Data(body)), let message = try? RPCMessage(json: json) else {
            return .unreadable(body)
        }
        return .message(message, size: body.count)
    }
}
