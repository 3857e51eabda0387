import DocumentStorage
import Foundation
import JSONSyntax
import TextRope

/// Why an edit log could not be read.
public struct EditLogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the log.
    public var line: Int
    /// What is wrong with it.
    public var message: String

    public var description: String { "edit log line \(line): \(message)" }
}

extension EditLog {
    /// Reads the project's JSON-lines edit log; `defaultUnit` applies to records without an
    /// `encoding`. Blank lines are skipped.
    public init(jsonLines data: Data, defaultUnit: TextUnit = .utf16) throws(EditLogError) {
        var start: String?
        var languageId: String?
        var transactions: [Transaction] = []
        var end: String?
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else {
                continue
            }
            guard let object = try? JSONValue(parsing: Array(line)), object.objectValue != nil else {
                throw EditLogError(line: number, message: "not a JSON object")
            }
            if let open = object["open"], open.objectValue != nil {
                guard start == nil else { throw EditLogError(line: number, message: "a second open record") }
                guard let text = open["text"]?.stringValue else {
                    throw EditLogError(line: number, message: "open record without text")
                }
                start = text
                languageId = open["languageId"]?.stringValue
            } else if let edits = object["edits"]?.arrayValue, edits.allSatisfy({ $0.objectValue != nil }) {
                guard start != nil else {
                    throw EditLogError(line: number, message: "edits before the open record")
                }
                var unit = defaultUnit
                if let name = object["encoding"]?.stringValue {
                    guard let named = TextUnit(rawValue: name) else {
                        throw EditLogError(line: number, message: "unknown encoding \(name)")
                    }
                    unit = named
                }
                var parsed: [TextEdit] = []
                for edit in edits {
                    guard let offset = edit["offset"]?.intValue else {
                        throw EditLogError(line: number, message: "an edit without an integer offset")
                    }
                    let length = edit["length"]?.intValue ?? 0
                    parsed.append(
                        TextEdit(location: offset, length: length, text: edit["text"]?.stringValue ?? ""))
                }
                transactions.append(Transaction(edits: parsed, unit: unit))
            } else if let close = object["close"], close.objectValue != nil {
                end = close["text"]?.stringValue
            }
        }
        guard let start else { throw EditLogError(line: 1, message: "no open record") }
        self.init(startContent: start, languageId: languageId, transactions: transactions, endContent: end)
    }
}
