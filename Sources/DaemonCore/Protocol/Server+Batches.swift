import JSONRPC

extension Server {
    /// Handles messages received together, coalescing queued edits into one transaction per
    /// document.
    ///
    /// In a run of consecutive edit notifications (of any documents), a document edited more
    /// than once gets one transaction, opened at its first edit and closed when the run ends
    /// (in the order the documents first appear); each document's edits keep their order. Each
    /// is still validated on its own (a rejected one changes nothing, and is reported in its
    /// turn), but the hooks run once per document and one `didProcessEditing` reports its last
    /// version. Documents are independent, so the order of pushes between them carries no
    /// meaning; any other message ends the run, so requests still see every edit sent before
    /// them.
    ///
    /// Each edit is decoded, applied and let go of before the next one is decoded. A batch
    /// holds up to 4,096 messages: with their JSON trees kept until the batch was done, a soak
    /// of 150,000 pipelined edits over fifty documents grew 8.6 MB by idle, since what the
    /// edits made (lines' runs, tokens, stacks) sat among the trees and kept their holes; with
    /// every edit of a run decoded first and then applied document by document, 7.5 to 7.7
    /// MB; decoded and applied one at a time, 6.1 to 6.3 MB, at the same 10,000 edits a second
    /// (batches of 256 messages grew 5.1 MB, but applied the edits 2.7 times slower, coalescing
    /// fewer).
    ///
    /// Background changes waiting to be pushed go out before any other message is handled, but
    /// not before a run of edits: while the edits are applied they are set aside
    /// (`TextStorage.holdAttributeChanges()`), mapped through the edits, and pushed after the
    /// edits' own pushes when no slice would push them soon (the document has no work left, or
    /// they were gathered `backgroundPushInterval` ago), else with the slices' next changes or
    /// before the next other message. A keystroke that came while slices were highlighting the
    /// rest of a file no longer waits for a push of their hundreds of lines to be written and
    /// read.
    public func handle(batch messages: consuming [RPCMessage]) {
        let cancelled = Self.cancelledRequests(in: messages)
        var queue = messages.map(Optional.some)
        _ = consume messages
        var index = 0
        while index < queue.count {
            var end = index
            while end < queue.count, let message = queue[end], Self.isEdit(message) { end += 1 }
            guard end > index else {
                flushBackgroundChanges()
                guard let message = queue[index].take() else { break }
                if case .request(let id, _, _) = message, cancelled.contains(index) {
                    send(.response(id: id, result: .failure(.requestCancelled())))
                } else {
                    handle(message)
                }
                index += 1
                continue
            }
            // Within a run of edits no document opens or closes, and each edit's version is
            // checked when it is applied. A document edited more than once in the run gets one
            // transaction, so its hooks run once and one push reports its last version.
            var editsNamed: [String: Int] = [:]
            for position in index..<end {
                guard case .notification(_, let params)? = queue[position] else { continue }
                if let uri = Self.subjectURI(params) { editsNamed[uri, default: 0] += 1 }
            }
            holdBackgroundChanges()
            var inTransaction: [DocumentSession] = []
            var transactionIDs: Set<ObjectIdentifier> = []
            for position in index..<end {
                // Each message is decoded, applied and let go of before the next is decoded.
                guard let message = queue[position].take() else { continue }
                let edit = queuedEdit(message)
                if let uri = edit.subject, editsNamed[uri, default: 0] > 1,
                    let document = try? edit.decoded.get()?.editedDocument,
                    transactionIDs.insert(ObjectIdentifier(document)).inserted
                {
                    document.storage.beginEditing()
                    inTransaction.append(document)
                }
                apply(edit)
            }
            for document in inTransaction {
                if let transaction = try? document.storage.endEditing() {
                    push(document, transaction: transaction)
                }
            }
            pushHeldBackgroundChanges()
            index = end
        }
    }

    /// An edit notification of a batch, decoded (or refused, to report instead of applying).
    /// It keeps what a report names, not the message (see `handle(batch:)`).
    private struct QueuedEdit {
        let method: String
        let decoded: Result<Notification?, ResponseError>
        /// The URI its params name: which document's count of edits in the run it is among,
        /// and what a report of its rejection gives.
        let subject: String?
    }

    private func queuedEdit(_ message: RPCMessage) -> QueuedEdit {
        guard case .notification(let method, let params) = message else {
            return QueuedEdit(method: "", decoded: .success(nil), subject: nil)
        }
        let subject = Self.subjectURI(params)
        do throws(ResponseError) {
            let notification = try decodeNotification(method, Params(params))
            return QueuedEdit(method: method, decoded: .success(notification), subject: subject)
        } catch {
            return QueuedEdit(method: method, decoded: .failure(error), subject: subject)
        }
    }

    /// Applies one queued edit, or reports why it was refused.
    private func apply(_ edit: QueuedEdit) {
        do throws(ResponseError) {
            if let notification = try edit.decoded.get() { try act(on: notification) }
        } catch {
            reportRejected(edit.method, subjectURI: edit.subject, error: error)
        }
    }

    /// The positions of requests that a later `$/cancelRequest` of the same batch cancels:
    /// they are answered with -32800 (RequestCancelled) instead of being run.
    static func cancelledRequests(in messages: [RPCMessage]) -> Set<Int> {
        var pending: [RequestID: Int] = [:]
        var cancelled: Set<Int> = []
        for (index, message) in messages.enumerated() {
            switch message {
            case .request(let id, _, _):
                pending[id] = index
            case .notification(let method, let params)
            where NotificationMethod(rawValue: method) == .cancelRequest:
                if let id = CancelParams(Params(params)).id, let position = pending.removeValue(forKey: id) {
                    cancelled.insert(position)
                }
            default:
                break
            }
        }
        return cancelled
    }

    /// Whether a message is an edit notification (`textDocument/didChange`,
    /// `textStorage/edit`), which a batch groups by document.
    static func isEdit(_ message: RPCMessage) -> Bool {
        guard case .notification(let name, _) = message else { return false }
        switch NotificationMethod(rawValue: name) {
        case .didChange?, .edit?: return true
        default: return false
        }
    }
}
