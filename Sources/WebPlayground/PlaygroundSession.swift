/// One daemon session as the playground's WebSocket carries it: JSON-RPC messages in and out
/// as bytes. The executable makes them (`PlaygroundDaemonSession`, a `Server` of `serve`'s core).
///
/// This module does not import the daemon: a module that sees the daemon's modules and
/// SwiftNIO's together makes the compiler load Foundation's ICU headers and the system ICU of
/// the daemon's text modules at once, and they clash.
public protocol PlaygroundSession: AnyObject {
    /// Handles one message's bytes; returns false once the session has ended (`exit`).
    func receive(_ bytes: [UInt8]) -> Bool
    /// Whether work is left to do in the background.
    var hasBackgroundWork: Bool { get }
    /// Does one slice of background work.
    func runBackgroundSlice()
    /// Ends the session.
    func end()
}

/// Makes a session that writes each of its messages through the function it is given. Called
/// on the connection's event loop, where the session then lives.
public typealias PlaygroundSessionFactory = @Sendable (@escaping ([UInt8]) -> Void) -> PlaygroundSession
