import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// `highlightd web`: a local web server for the playground page, whose WebSocket at `/rpc`
/// carries exactly the JSON-RPC messages of `highlightd serve`, one daemon session per
/// connection and one message per text message (docs/PLAYGROUND.md).
///
/// It binds 127.0.0.1 only; `PlaygroundAccess` says who may use it.
public final class PlaygroundServer {
    /// The URL to open, with the token.
    public var url: String { access.pageURL }
    /// The token and port.
    public let access: PlaygroundAccess
    private let group: MultiThreadedEventLoopGroup
    private let channel: Channel

    /// Starts listening on 127.0.0.1:`port` (0: a free port). Each WebSocket connection gets a
    /// session from `makeSession`; `fontPath` finds the file of a font name as the layout
    /// service does (`FontLocator`).
    public init(
        port: Int, assets: WebAssets = .builtIn, token: String? = nil,
        makeSession: @escaping PlaygroundSessionFactory, fontPath: @escaping FontPathResolver
    ) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let pending = PendingAccess()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                // The access is known once the port is; no connection is accepted before.
                let access = pending.access!
                let upgrader = NIOWebSocketServerUpgrader(
                    maxFrameSize: RPCSession.maximumMessageLength,
                    shouldUpgrade: { channel, head in
                        let allowed =
                            head.uri.hasPrefix("/rpc?") && access.queryHasToken(head.uri)
                            && access.isOwnOrigin(head.headers.first(name: "origin"))
                        return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
                    },
                    upgradePipelineHandler: { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                RPCSession(makeSession: makeSession))
                        }
                    })
                return channel.eventLoop.makeCompletedFuture {
                    let page = PageRequestHandler(access: access, assets: assets, fontPath: fontPath)
                    let boundPage = NIOLoopBound(page, eventLoop: channel.eventLoop)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in
                                context.pipeline.syncOperations.removeHandler(boundPage.value, promise: nil)
                            }
                        ))
                    try channel.pipeline.syncOperations.addHandler(page)
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        let boundPort = channel.localAddress?.port ?? port
        access =
            token.map { PlaygroundAccess(token: $0, port: boundPort) } ?? PlaygroundAccess(port: boundPort)
        pending.access = access
    }

    /// Blocks until the server is closed.
    public func wait() throws {
        try channel.closeFuture.wait()
    }

    /// Stops listening and closes every connection.
    public func close() throws {
        try channel.close().wait()
        try group.syncShutdownGracefully()
    }
}

/// Finds the file of a font by its fontconfig name, or nil: `FontLocator`, passed in by the
/// executable, so that this module needs nothing of the layout service but the answer.
public typealias FontPathResolver = @Sendable (String) -> String?

/// The access rules, set once the listening port is known and only read afterwards.
private final class PendingAccess: @unchecked Sendable {
    var access: PlaygroundAccess?
}
