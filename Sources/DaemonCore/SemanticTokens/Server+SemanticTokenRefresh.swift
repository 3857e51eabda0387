import JSONRPC

extension Server {
    /// Asks the client to fetch semantic tokens again (`workspace/semanticTokens/refresh`)
    /// when background work changed a document's tokens after the client fetched them: once
    /// the document is settled, or at once when the change touched the lines of its last
    /// `range` request (what it shows). Never more than one pending refresh per document,
    /// and never to a client without `refreshSupport`.
    func requestTokenRefreshIfNeeded(_ document: DocumentSession) {
        guard semanticTokenSettings.refreshSupport, let tracker = document.tokenTracker,
            tracker.changedSinceFetch, !tracker.refreshPending,
            !document.hasPendingWork || tracker.changedRequestedLines
        else { return }
        sendTokenRefresh(marking: [tracker])
    }

    /// Asks for a refresh after a change of every document's tokens (a new theme or
    /// grammars), for each document the client has fetched and has no refresh pending for.
    func requestTokenRefreshForAll() {
        guard semanticTokenSettings.refreshSupport else { return }
        let trackers = documents.values.compactMap(\.tokenTracker).filter {
            $0.hasBeenFetched && !$0.refreshPending
        }
        guard !trackers.isEmpty else { return }
        sendTokenRefresh(marking: trackers)
    }

    private func sendTokenRefresh(marking trackers: [SemanticTokenTracker]) {
        for tracker in trackers { tracker.refreshPending = true }
        semanticTokenSettings.requestCounter += 1
        send(
            .request(
                id: .string("highlightd/\(semanticTokenSettings.requestCounter)"),
                method: "workspace/semanticTokens/refresh", params: nil))
    }
}
