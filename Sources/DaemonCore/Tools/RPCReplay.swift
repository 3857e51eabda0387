import Dispatch
import Foundation
import JSONRPC

/// Plays a file written by `MessageRecorder` against a fresh server, for bug reports.
public enum RPCReplay {
    /// What a replay saw.
    public struct Summary: Sendable {
        /// Frames fed to the server.
        public var frames = 0
        /// Notifications the server sent.
        public var notifications = 0
        /// Error responses and error log messages the server sent.
        public var errors: [String] = []
        /// Wall time of the replay, in seconds.
        public var seconds = 0.0
    }

    /// Replays `url`; `output` receives every message the server sends.
    public static func run(
        url: URL, configuration: ServerConfiguration = .init(),
        output: @escaping (RPCMessage) -> Void = { _ in }
    ) throws -> Summary {
        let text = try String(contentsOf: url, encoding: .utf8)
        var summary = Summary()
        let server = Server(configuration: configuration) { message in
            switch message {
            case .notification(let method, let params):
                summary.notifications += 1
                if method == "window/logMessage", let text = params?["message"]?.stringValue {
                    summary.errors.append(text)
                }
            case .response(_, .failure(let error)): summary.errors.append("\(error)")
            default: break
            }
            output(message)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        for line in text.split(separator: "\n") where !line.isEmpty {
            let record = try JSONValue(parsing: Data(line.utf8))
            guard let frame = record["frame"]?.stringValue else { continue }
            server.handle(frame: Array(frame.utf8))
            summary.frames += 1
            if server.exitStatus != nil { break }
        }
        while server.runBackgroundSlice() {}
        summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return summary
    }
}
