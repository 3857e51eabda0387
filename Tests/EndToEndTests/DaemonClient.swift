import DaemonCore
import Foundation
import JSONRPC

/// A `highlightd serve` child process for end-to-end tests.
typealias DaemonClient = ServerProcessClient

extension ServerProcessClient {
    /// Starts the built binary's `serve`.
    convenience init(arguments: [String] = []) throws {
        try self.init(executable: BuiltBinary.url, arguments: ["serve"] + arguments)
    }

    /// Initializes with the given encoding and pushes on.
    func initialize(encoding: String, grammarPaths: [String] = []) throws -> JSONValue {
        let (result, _) = try call(
            "initialize",
            [
                "processId": nil,
                "capabilities": ["general": ["positionEncodings": [.string(encoding)]]],
                "initializationOptions": [
                    "attributeDeltas": true, "grammarPaths": .array(grammarPaths.map { .string($0) }),
                ],
            ])
        notify("initialized", [:])
        return result
    }
}
