import Foundation

/// Messages collected from any thread (reports a registry or server makes while a test runs).
public final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    /// An empty log.
    public init() {}

    /// Adds a message.
    public func add(_ message: String) {
        lock.lock()
        list.append(message)
        lock.unlock()
    }

    /// The messages so far, in order.
    public var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
