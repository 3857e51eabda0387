import Foundation
import JSONRPC

/// Writes every incoming frame, with the time since the start, as one JSON line:
/// `{"t": seconds, "frame": "<the body as text>"}`. `RPCReplay` plays such a file back.
///
/// Each line is written whole under a lock, and `close()` takes the same lock, so a process
/// ending on a signal never leaves half a line behind.
///
/// `@unchecked Sendable`: `handle` is only touched under `lock`.
public final class MessageRecorder: @unchecked Sendable {
    private var handle: FileHandle?
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Creates (or truncates) the record file.
    public init(url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    /// Records one frame body (nothing once closed).
    public func record(_ body: [UInt8]) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let line: JSONValue = [
            "t": .double(seconds), "frame": .string(String(decoding: body, as: UTF8.self)),
        ]
        let bytes = line.serialized() + Data("\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        try? handle?.write(contentsOf: bytes)
    }

    /// Flushes the file to disk and closes it; later frames are not recorded.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        try? handle?.synchronize()
        try? handle?.close()
        handle = nil
    }

    deinit { try? handle?.close() }
}
