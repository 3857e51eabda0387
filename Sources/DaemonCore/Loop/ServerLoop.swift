import Foundation
import JSONRPC

/// Runs a `Server` over standard input and output.
///
/// The calling (main) thread does the keystroke path alone: it waits in `poll` (polling for a
/// moment first while the client answers right back, `ReplySpin`), reads and
/// parses what arrived (`InputReader`), applies it in order — coalescing queued edits,
/// highlighting in the background while no input waits — and writes a small answer straight
/// to standard output when the pipe takes it (`OutputChannel`; larger output and output to a
/// slow reader go through the channel's writer queue). Memory under load is bounded on both
/// sides: a client that writes faster than the server works, or reads slower than it answers,
/// is held back in its own write instead.
///
/// The process ends cleanly on every path: `exit`, the end of standard input, a client that
/// closes standard output, and SIGTERM/SIGINT/SIGHUP (each wakes the main thread through
/// `WakeUp`) all flush the output (for a bounded time), the log and the recording, then return
/// an exit status.
///
/// `@unchecked Sendable`: everything is set once in `init`; the shared state lives in `WakeUp`
/// and `OutputChannel`, which guard it.
public final class ServerLoop: @unchecked Sendable {
    /// Limits that bound the daemon's memory under load (the defaults suit an editor).
    public struct Limits: Sendable {
        /// Messages read and applied as one batch at most.
        public var batchMessages = 4096
        /// Bytes of message bodies read and applied as one batch at most (one larger message is
        /// still taken on its own).
        public var batchBytes = 8 << 20
        /// Bytes of output waiting for the client before the server stops working.
        public var outputBytes = 8 << 20
        /// Input applied since the last trim after which going idle returns freed memory to
        /// the system (`malloc_trim`).
        public var trimAfterBytes = 1 << 20
        /// How long the loop polls for the next message before it sleeps, when the client
        /// answers right back (`ReplySpin`; 0: never).
        public var spinMicroseconds = 200

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
        let wakeUp = WakeUp()
        let output = OutputChannel(descriptor: outputDescriptor, byteLimit: limits.outputBytes)
        output.onClose = { wakeUp.stop(.outputClosed) }
        let signals = SignalWatcher { number in
            wakeUp.stop(.signal(number))
            output.interrupt()
        }
        let server = Server(
            configuration: configuration, sendBytes: { output.send(FrameEncoder.frame($0)) },
            send: { output.send(FrameEncoder.frame($0.json.serializedBytes())) })
        var reader = InputReader(
            descriptor: inputDescriptor, wakeUp: wakeUp, recorder: recorder,
            maximumContentLength: maximumContentLength, messageLimit: limits.batchMessages,
            byteLimit: limits.batchBytes, spinMicroseconds: limits.spinMicroseconds)

        let status = serve(server, reader: &reader)
        // A client that never reads must not keep the process alive: bounded flush.
        output.flush(timeout: 5)
        recorder?.close()
        server.flushLog()
        withExtendedLifetime(signals) {}
        return status
    }

    /// Applies messages until the loop should end; returns the exit status.
    private func serve(_ server: Server, reader: inout InputReader) -> Int32 {
        var appliedSinceTrim = 0
        while true {
            let idle = !server.hasBackgroundWork
            let upkeep = MemoryUpkeep.due(
                idle: idle, inputWaiting: reader.hasInputNow(),
                burst: appliedSinceTrim >= limits.trimAfterBytes || server.hasMemoryToRelease,
                stacksToSweep: server.hasStacksToSweep)
            switch upkeep {
            case .none: break
            case .sweep: server.releaseUnusedMemory()
            case .releaseAndTrim:
                server.releaseUnusedMemory()
                MemoryTrim.returnFreedMemory()
                appliedSinceTrim = 0
            }
            let items: [InputItem]
            switch reader.take(blocking: idle) {
            case .success(let taken): items = taken
            case .failure(.outputClosed): return 0
            case .failure(.signal(let number)):
                server.log("signal \(number): exiting")
                return 0
            }
            appliedSinceTrim += items.reduce(0) { $0 + $1.size }
            let tookNothing = items.isEmpty
            let ended = apply(consume items, to: server)
            if let status = server.exitStatus { return status }
            // Standard input closed: the client is gone, and nothing it asked is left undone.
            if ended { return 0 }
            // A slice ends early once a message is waiting: an edit that arrives during one
            // waits for the line being highlighted, not for the slice's 500 µs.
            if tookNothing { server.runBackgroundSlice(stoppingWhen: { reader.hasInputNow() }) }
        }
    }

    /// Hands items to the server, batching consecutive messages so queued edits coalesce;
    /// returns whether the end of input was among them. The items are the caller's no more:
    /// each batch of messages goes to the server as its only holder, which lets go of each
    /// message once it is decoded (`Server.handle(batch:)`).
    private func apply(_ items: consuming [InputItem], to server: Server) -> Bool {
        var pending: [RPCMessage] = []
        var ended = false
        func flush() {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending = []
            server.handle(batch: consume batch)
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
        // The loop above took `items` (its iterator, gone now, was their last holder).
        flush()
        return ended
    }
}
