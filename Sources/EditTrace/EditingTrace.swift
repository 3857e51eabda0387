import Foundation
import JSONSyntax

/// A recorded editing session: a start text, transactions of patches, and the expected end text.
///
/// This is the josephg editing-traces format: each patch is `[position, deleted, inserted]`
/// with position and deleted count in Unicode scalars, applied in order inside its transaction.
public struct EditingTrace: Sendable {
    /// One replacement: `deleted` scalars at `position` replaced by `inserted`.
    public struct Patch: Sendable, Equatable {
        /// Where the patch applies, in Unicode scalars from the start of the text.
        public var position: Int
        /// How many Unicode scalars are removed.
        public var deleted: Int
        /// The text inserted at `position`.
        public var inserted: String

        /// Creates a patch.
        public init(position: Int, deleted: Int, inserted: String) {
            self.position = position
            self.deleted = deleted
            self.inserted = inserted
        }
    }

    /// The text before the first transaction.
    public var startContent: String
    /// The text after the last transaction.
    public var endContent: String
    /// The transactions, each a list of patches applied in order.
    public var transactions: [[Patch]]

    /// Creates a trace from its parts.
    public init(startContent: String, endContent: String, transactions: [[Patch]]) {
        self.startContent = startContent
        self.endContent = endContent
        self.transactions = transactions
    }
}

extension EditingTrace {
    /// Reads a trace from a `.json` or `.json.gz` file.
    public init(contentsOf url: URL) throws(EditTraceError) {
        var data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        if data.starts(with: [0x1f, 0x8b]) {
            data = try Gzip.decompress(data)
        }
        try self.init(json: data)
    }

    /// Parses the JSON form of a trace.
    public init(json data: Data) throws(EditTraceError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: [UInt8](data))
        } catch {
            throw .malformed("not JSON: \(error)")
        }
        guard root.objectValue != nil else { throw .malformed("top level is not an object") }
        guard let end = root["endContent"]?.stringValue else { throw .malformed("missing endContent") }
        let start = root["startContent"]?.stringValue ?? ""
        guard let txns = root["txns"]?.arrayValue, txns.allSatisfy({ $0.objectValue != nil }) else {
            throw .malformed("missing txns")
        }
        var transactions: [[Patch]] = []
        transactions.reserveCapacity(txns.count)
        for (index, txn) in txns.enumerated() {
            guard let patches = txn["patches"]?.arrayValue else {
                throw .malformed("transaction \(index) has no patches")
            }
            var parsed: [Patch] = []
            parsed.reserveCapacity(patches.count)
            for patch in patches {
                let fields = patch.arrayValue ?? []
                guard fields.count == 3, let position = fields[0].intValue, let deleted = fields[1].intValue,
                    let inserted = fields[2].stringValue,
                    position >= 0, deleted >= 0, position <= Int.max - deleted
                else { throw .malformed("transaction \(index) has a malformed patch") }
                parsed.append(Patch(position: position, deleted: deleted, inserted: inserted))
            }
            transactions.append(parsed)
        }
        self.init(startContent: start, endContent: end, transactions: transactions)
    }

    /// Applies every transaction to `startContent` with a plain scalar array: the naive model
    /// that checks faster implementations.
    public func replayNaively() -> String {
        var scalars = Array(startContent.unicodeScalars)
        for transaction in transactions {
            for patch in transaction {
                // Patches past the end are clamped to it, as the replayers do.
                let start = min(patch.position, scalars.count)
                let end = start + min(patch.deleted, scalars.count - start)
                scalars.replaceSubrange(start..<end, with: patch.inserted.unicodeScalars)
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
