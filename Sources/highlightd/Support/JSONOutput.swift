import Foundation
import JSONRPC

/// The CLI's JSON on standard output, written by the project's one JSON writer.
enum JSONOutput {
    /// Prints `value` and a line feed: compact (one line, for scripts) or indented (for people).
    static func print(_ value: JSONValue, pretty: Bool = false) {
        let bytes = (pretty ? value.prettyPrintedBytes() : value.serializedBytes()) + [0x0A]
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Latency figures as a JSON object of numbers.
    static func numbers(_ figures: [String: Double]) -> JSONValue {
        .object(figures.mapValues { .double($0) })
    }
}
