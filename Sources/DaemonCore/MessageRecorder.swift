import Foundation
import JSONRPC

/// Writes every incoming frame, with the time since the start, as one JSON line:
/// `{"t": seconds, "frame": "<the body as text>"}`. `RPCReplay` plays such a file back.
public final class MessageRecorder {
    private let handle: FileHandle
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Creates (or truncates) the record file.
    public init(url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    /// Records one frame body.
    public func record(_ body: [UInt8]) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let line: JSONValue = [
            "t": .double(seconds), "frame": .string(String(decoding: body, as: UTF8.self)),
        ]
        handle.write(line.serialized() + Data("\n".utf8))
    }

    deinit { try? handle.close() }
}
