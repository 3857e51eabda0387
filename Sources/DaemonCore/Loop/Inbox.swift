import Foundation
import JSONRPC

/// What the reader thread hands the main thread.
enum InboxItem {
    /// A message, parsed on the reader thread; `size` is its body's length in bytes.
    case message(RPCMessage, size: Int)
    /// A body that is not a valid message: the server answers it with the error it deserves.
    case unreadable([UInt8])
    /// A frame header that could not be used.
    case framingError(FramingError)
    /// Standard input ended.
    case endOfInput

    /// What the item weighs against the inbox's byte limit.
    var size: Int {
        switch self {
        case .message(_, let size): size
        case .unreadable(let body): body.count
        case .framingError, .endOfInput: 0
        }
    }
}

/// The queue between the reader thread and the main thread, bounded in messages and bytes.
///
/// When it is full the reader stops reading, the pipe fills, and a client that writes faster
/// than the server works is held in its own `write` (backpressure) instead of growing the
/// daemon's memory with a backlog. An item larger than the byte limit is still accepted when
/// the inbox is empty, so no valid message is ever refused.
///
/// `@unchecked Sendable`: every property is guarded by `condition`.
final class Inbox: @unchecked Sendable {
    /// Why the inbox stopped.
    enum StopReason: Error, Equatable {
        case signal(Int32)
        case outputClosed
    }

    private let condition = NSCondition()
    private var items: [InboxItem] = []
    private var bytes = 0
    private var stopReason: StopReason?
    let messageLimit: Int
    let byteLimit: Int

    init(messageLimit: Int, byteLimit: Int) {
        self.messageLimit = messageLimit
        self.byteLimit = byteLimit
    }

    /// Adds items from the reader thread, first waiting while the inbox is full. Returns false
    /// once the inbox has stopped (the reader should end).
    func put(_ newItems: [InboxItem]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while stopReason == nil, !items.isEmpty, items.count >= messageLimit || bytes >= byteLimit {
            condition.wait()
        }
        guard stopReason == nil else { return false }
        items += newItems
        bytes += newItems.reduce(0) { $0 + $1.size }
        condition.broadcast()
        return true
    }

    /// Everything waiting, or (with `blocking`) waits for something first. Returns the stop
    /// reason instead once the inbox has stopped.
    func take(blocking: Bool) -> Result<[InboxItem], StopReason> {
        condition.lock()
        defer { condition.unlock() }
        while blocking, items.isEmpty, stopReason == nil { condition.wait() }
        if let stopReason { return .failure(stopReason) }
        let taken = items
        items.removeAll(keepingCapacity: false)
        bytes = 0
        condition.broadcast()
        return .success(taken)
    }

    /// Whether nothing waits.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.isEmpty
    }

    /// Stops the inbox (the first reason wins) and wakes both threads.
    func stop(_ reason: StopReason) {
        condition.lock()
        if stopReason == nil { stopReason = reason }
        condition.broadcast()
        condition.unlock()
    }
}
