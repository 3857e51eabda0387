import DaemonCore
import JSONRPC
import JSONSyntax
import WebPlayground

/// One daemon session of the playground (`highlightd web`): a `Server` that takes JSON-RPC
/// messages as bytes and gives its own back as bytes, for the playground's WebSocket.
final class PlaygroundDaemonSession: PlaygroundSession {
    private var server: Server?

    /// A session that sends each message it writes, as JSON bytes, through `send`.
    init(configuration: ServerConfiguration, send: @escaping ([UInt8]) -> Void) {
        server = Server(
            configuration: configuration, sendBytes: send, send: { send($0.json.serializedBytes()) })
    }

    /// Handles one message's bytes; returns false once the session has ended (`exit`).
    func receive(_ bytes: [UInt8]) -> Bool {
        guard let server else { return false }
        server.handle(frame: bytes)
        if server.exitStatus != nil {
            self.server = nil
            return false
        }
        return true
    }

    /// Whether highlighting or link detection is left to do in the background.
    var hasBackgroundWork: Bool { server?.hasBackgroundWork ?? false }

    /// Does one slice of background work.
    func runBackgroundSlice() {
        _ = server?.runBackgroundSlice()
    }

    /// Ends the session.
    func end() {
        server = nil
    }
}
