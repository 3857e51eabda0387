import NIOCore
import NIOWebSocket

/// One WebSocket connection's daemon session: each text message is one JSON-RPC message of
/// `highlightd serve`, handed to a session of its own (a daemon `Server`, which the executable
/// makes), and everything that session sends goes back as one text message.
///
/// The daemon is single-threaded by design; here it lives on the connection's event loop, where
/// every call to it is made. Background work (highlighting far from the edit, link detection)
/// runs in slices queued on the same loop, so messages that arrive meanwhile are read between
/// slices, as `serve` does between its reads.
final class RPCSession: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The largest message accepted, as `serve`'s default content length.
    static let maximumMessageLength = 64 << 20

    private let makeSession: PlaygroundSessionFactory
    private var session: PlaygroundSession?
    private var context: ChannelHandlerContext?
    private var message: [UInt8] = []
    private var messageIsText = true
    private var backgroundScheduled = false

    init(makeSession: @escaping PlaygroundSessionFactory) {
        self.makeSession = makeSession
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        session = makeSession { [weak self] bytes in
            self?.write(bytes)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        session?.end()
        session = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            message.removeAll(keepingCapacity: true)
            messageIsText = frame.opcode == .text
            append(&frame)
        case .continuation:
            append(&frame)
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            close(code: .normalClosure)
        default:
            break
        }
    }

    private func append(_ frame: inout WebSocketFrame) {
        var data = frame.unmaskedData
        guard message.count + data.readableBytes <= Self.maximumMessageLength else {
            close(code: .messageTooLarge)
            return
        }
        message += data.readBytes(length: data.readableBytes) ?? []
        guard frame.fin else { return }
        guard messageIsText else {
            close(code: .unacceptableData)
            return
        }
        let goesOn = session?.receive(message) ?? false
        message.removeAll(keepingCapacity: true)
        if goesOn {
            scheduleBackgroundWork()
        } else {
            close(code: .normalClosure)
        }
    }

    /// Queues one slice of background work behind whatever the loop has to do, and another
    /// after it while work is left.
    private func scheduleBackgroundWork() {
        guard !backgroundScheduled, let context, session?.hasBackgroundWork == true else { return }
        backgroundScheduled = true
        context.eventLoop.assumeIsolated().execute { [weak self] in
            guard let self else { return }
            backgroundScheduled = false
            session?.runBackgroundSlice()
            scheduleBackgroundWork()
        }
    }

    private func write(_ bytes: [UInt8]) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.writeAndFlush(
            wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    private func close(code: WebSocketErrorCode) {
        guard let context else { return }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in bound.value.close(promise: nil) }
        session?.end()
        session = nil
    }
}
