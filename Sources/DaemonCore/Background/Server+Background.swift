import Dispatch

extension Server {
    /// Runs one bounded slice of background highlighting and pushes what it changed; returns
    /// whether work remains anywhere. The slice ends early, after a line, once `interrupted`
    /// says so (the loop asks whether a message is waiting: see
    /// `SyntaxHighlighter.highlightNextSlice(stoppingWhen:)`).
    @discardableResult
    public func runBackgroundSlice(stoppingWhen interrupted: () -> Bool = { false }) -> Bool {
        guard let document = nextBackgroundDocument() else { return false }
        document.runBackgroundSlice(stoppingWhen: interrupted)
        // Consecutive slices' changes are pushed together, at most every
        // `backgroundPushInterval` (the storage keeps merging them until taken), so a client
        // applies a few large pushes instead of thousands of small ones.
        let now = DispatchTime.now().uptimeNanoseconds
        let since = document.backgroundChangesSince ?? now
        if Self.isBackgroundPushDue(document, since: since, now: now) {
            flushBackgroundChanges(of: document)
        } else {
            document.backgroundChangesSince = since
            hasUnpushedBackgroundChanges = true
        }
        return hasBackgroundWork
    }

    /// Whether changes gathered for `document` since `since` go out now: its background work
    /// is done, or they have waited `backgroundPushInterval`.
    private static func isBackgroundPushDue(_ document: DocumentSession, since: UInt64, now: UInt64) -> Bool {
        !document.hasPendingWork || now &- since >= backgroundPushInterval
    }

    /// Enters `document` in the background queue: it may have gained work, or a view.
    func scheduleBackgroundWork(of document: DocumentSession) {
        backgroundQueue.schedule(document.uri, rank: Self.backgroundRank(of: document))
    }

    /// The document the next background slice goes to: one a view shows first, then by URI.
    func nextBackgroundDocument() -> DocumentSession? {
        let documents = self.documents
        let uri = backgroundQueue.next { uri in
            guard let document = documents[uri], document.hasPendingWork else { return nil }
            return Self.backgroundRank(of: document)
        }
        return uri.flatMap { documents[$0] }
    }

    private static func backgroundRank(of document: DocumentSession) -> Int {
        document.viewports.isEmpty ? 1 : 0
    }

    /// How long background changes may wait to be pushed together.
    static let backgroundPushInterval: UInt64 = 10_000_000

    /// Pushes every document's background changes not pushed yet: before any message other
    /// than an edit is handled, so pushes stay in order with the answers around them.
    public func flushBackgroundChanges() {
        guard hasUnpushedBackgroundChanges else { return }
        hasUnpushedBackgroundChanges = false
        flushBackgroundChanges { _, _ in true }
    }

    /// Pushes the gathered changes of the documents `isDue` picks, in URI order.
    private func flushBackgroundChanges(where isDue: (DocumentSession, UInt64) -> Bool) {
        let due = documents.values.filter { document in
            document.backgroundChangesSince.map { isDue(document, $0) } ?? false
        }
        for document in due.sorted(by: { $0.uri < $1.uri }) {
            flushBackgroundChanges(of: document)
        }
    }

    /// Sets every document's background changes not pushed yet aside while edits are applied
    /// (see `handle(batch:)`); the next `flushBackgroundChanges()` pushes them.
    func holdBackgroundChanges() {
        guard hasUnpushedBackgroundChanges else { return }
        for document in documents.values where document.backgroundChangesSince != nil {
            document.storage.holdAttributeChanges()
        }
    }

    /// After edits, pushes the held changes that no slice would push soon: those of documents
    /// the edits left with no background work, and those gathered `backgroundPushInterval`
    /// ago or more (a client that types without pause leaves no slice the time to).
    func pushHeldBackgroundChanges() {
        guard hasUnpushedBackgroundChanges else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        flushBackgroundChanges { document, since in
            Self.isBackgroundPushDue(document, since: since, now: now)
        }
    }

    private func flushBackgroundChanges(of document: DocumentSession) {
        document.backgroundChangesSince = nil
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        requestTokenRefreshIfNeeded(document)
    }

}
