import DocumentStorage
import GrammarEngine
import Highlighting
import JSONRPC
import TextRope
import ThemeEngine

extension Server {
    /// Sends `textStorage/didProcessEditing` for a transaction (if the client asked for pushes).
    func push(_ document: DocumentSession, transaction: EditingTransaction) {
        recordTokenChanges(document, transaction: transaction)
        scheduleBackgroundWork(of: document)
        reportDisabledSpanRules(of: document)
        reportDisabledGrammarRules(of: document)
        defer {
            pushLayout(
                document, changes: transaction.context.changes,
                rangeDelta: transaction.changeInLength[encoding])
        }
        guard pushesAttributes else { return }
        let edited = transaction.context.editedRange.map {
            UnitRange(utf8: $0, of: document.storage.text, unit: encoding)
        }
        sendEditingPush(
            document, delta: transaction.delta, editedRange: edited,
            changeInLength: transaction.changeInLength[encoding])
    }

    /// Sends `textStorage/didProcessEditing` for attribute changes outside a transaction
    /// (background slices, viewport highlighting): no edited range, no change in length.
    func push(_ document: DocumentSession, delta: AttributeDelta) {
        recordTokenChanges(document, delta: delta, background: true)
        reportDisabledSpanRules(of: document)
        reportDisabledGrammarRules(of: document)
        // Background link detection changes what line breaking keeps whole: a subscribed
        // layout follows, as it follows edits (no change in length).
        if document.layoutSubscription != nil, !delta.isEmpty {
            pushLayout(document, changes: ChangeSet(), rangeDelta: 0, onlyIfChanged: true)
        }
        guard pushesAttributes, !delta.isEmpty else { return }
        sendEditingPush(document, delta: delta, editedRange: nil, changeInLength: 0)
    }

    /// Writes the notification's bytes directly (`EditingPushWriter`) and sends them.
    private func sendEditingPush(
        _ document: DocumentSession, delta: AttributeDelta, editedRange: UnitRange?, changeInLength: Int
    ) {
        let writer = EditingPushWriter(
            uri: document.uri, version: document.version, delta: delta,
            measure: UnitMeasure(text: document.storage.text, unit: encoding),
            editedRange: editedRange, changeInLength: changeInLength,
            bracketStyle: { bracketStyle($0) }, definitions: { styleDefinitions(newIn: $0) })
        sendEncoded(writer.bytes)
    }

    /// Sends a message the server wrote as JSON bytes.
    func sendEncoded(_ bytes: [UInt8]) {
        if let sendBytes { return sendBytes(bytes) }
        do {
            send(try RPCMessage(json: JSONValue(parsing: bytes)))
        } catch {
            // The writers make valid messages; reaching this is a bug in one of them.
            preconditionFailure("a message written as bytes does not read back: \(error)")
        }
    }

    /// The style of a bracket's colour: the theme's bracket colour for its depth (cycling
    /// through them), or its colour for a closing bracket that closes nothing.
    func bracketStyle(_ mark: BracketMark) -> StyleID {
        let theme = styles.theme
        let colors = theme.bracketColors
        let (color, selector): (ThemeColor, String)
        if mark.isUnexpected || colors.isEmpty {
            (color, selector) = (
                theme.unexpectedBracketColor, "editorBracketHighlight.unexpectedBracket.foreground"
            )
        } else {
            let level = Int(mark.depth) % colors.count
            (color, selector) = (colors[level], "editorBracketHighlight.foreground\(level + 1)")
        }
        let style = TokenStyle(
            foreground: color, background: theme.defaultStyle.background, fontStyle: [],
            ruleSelector: selector)
        return styles.id(for: StyleEntry(style: style, semantic: nil))
    }

    /// Definitions of the style ids in `ids` the client has not been sent yet.
    func styleDefinitions(newIn ids: Set<StyleID>, all: Bool = false) -> JSONValue {
        var definitions: [String: JSONValue] = [:]
        for id in ids.sorted() where all || !definedStyles.contains(id) {
            definitions[String(id.rawValue)] = WireStyle(styles[id]).json
            definedStyles.insert(id)
        }
        return .object(definitions)
    }

}

extension Server {
    /// Tells the client, once each, about span rules the document's budget disabled.
    /// Logs the grammar rules found disabled since the last look (patterns compile when a
    /// line first needs them), once per rule and process: a grammar shared by documents is
    /// reported once.
    func reportDisabledGrammarRules(of document: DocumentSession) {
        guard let grammar = document.highlighter?.grammar else { return }
        let key = ObjectIdentifier(grammar)
        let reported = reportedGrammarDiagnostics[key] ?? 0
        guard grammar.diagnosticCount > reported else { return }
        let diagnostics = grammar.diagnostics
        for diagnostic in diagnostics.dropFirst(reported) { log("\(diagnostic)") }
        reportedGrammarDiagnostics[key] = diagnostics.count
    }

    func reportDisabledSpanRules(of document: DocumentSession) {
        for report in document.spans.takeReports() {
            let rule = document.spans.detector.rules[report.rule]
            let message =
                "span rule \(report.rule) (\(rule.kind): \(rule.source)) disabled for \(document.uri): "
                + "\(report.reason); the other rules keep working"
            log(message)
            send(
                .notification(method: "window/logMessage", params: ["type": 2, "message": .string(message)]))
        }
    }
}
