import DocumentStorage
import Foundation
import TextRope

/// An edit log to replay: a document's opening text, then transactions of edits.
///
/// The project's own format is JSON lines (docs/HIGHLIGHTING.md): one
/// `{"open": {"text": …, "languageId": …}}` record, then one
/// `{"edits": [{"offset": …, "length": …, "text": …}], "encoding": "utf-16"}` record per
/// transaction (each edit against the text left by the previous one; `encoding` defaults to
/// the reader's), and optionally a last `{"close": {"text": …}}` giving the expected final
/// text. Unknown fields are ignored.
public struct EditLog: Sendable {
    /// One transaction: its edits and the unit their offsets and lengths are counted in.
    public struct Transaction: Sendable {
        /// The edits, each against the text left by the previous one.
        public var edits: [TextEdit]
        /// The unit of `location` and `length`.
        public var unit: TextUnit

        /// Creates a transaction.
        public init(edits: [TextEdit], unit: TextUnit) {
            self.edits = edits
            self.unit = unit
        }
    }

    /// The text the document opens with.
    public var startContent: String
    /// The language the log names, if any.
    public var languageId: String?
    /// The transactions in order.
    public var transactions: [Transaction]
    /// The expected final text, if the log gives it.
    public var endContent: String?

    /// Creates a log.
    public init(
        startContent: String, languageId: String? = nil, transactions: [Transaction], endContent: String?
    ) {
        self.startContent = startContent
        self.languageId = languageId
        self.transactions = transactions
        self.endContent = endContent
    }

    /// The first `count` transactions (the expected final text no longer applies).
    public func prefix(_ count: Int) -> EditLog {
        guard count < transactions.count else { return self }
        return EditLog(
            startContent: startContent, languageId: languageId,
            transactions: Array(transactions.prefix(count)),
            endContent: nil)
    }
}
