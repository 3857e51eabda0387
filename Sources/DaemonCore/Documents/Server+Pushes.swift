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
        var params = changesParams(document, delta: transaction.delta)
        if let edited = transaction.context.editedRange {
            params["editedRange"] = UnitRange(utf8: edited, of: document.storage.text, unit: encoding).json
        }
        params["changeInLength"] = .integer(transaction.changeInLength[encoding])
        send(.notification(method: "textStorage/didProcessEditing", params: .object(params)))
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
        var params = changesParams(document, delta: delta)
        params["editedRange"] = .null
        params["changeInLength"] = 0
        send(.notification(method: "textStorage/didProcessEditing", params: .object(params)))
    }

    private func changesParams(_ document: DocumentSession, delta: AttributeDelta) -> [String: JSONValue] {
        let measure = UnitMeasure(text: document.storage.text, unit: encoding)
        var used: Set<StyleID> = []
        var bracketStyles: [BracketMark: StyleID] = [:]
        let changes: [JSONValue] = delta.changes.map { change in
            let range = UnitRange(utf8: change.range, measure: measure)
            let runs = WireRuns(change.syntaxRuns, from: change.range.lowerBound, measure: measure)
            used.formUnion(runs.styles)
            let brackets = change.brackets.map { bracket in
                let style = bracketStyles[bracket.mark] ?? bracketStyle(bracket.mark)
                bracketStyles[bracket.mark] = style
                used.insert(style)
                return WireBracket(bracket, style: style, measure: measure)
            }
            return [
                "offset": .integer(range.offset), "length": .integer(range.length), "runs": runs.json,
                "links": change.links.map { WireLink($0, measure: measure) }.json,
                "spans": change.spans.map { WireSpan($0, measure: measure) }.json,
                "brackets": brackets.json,
            ]
        }
        return [
            "uri": .string(document.uri), "version": .integer(document.version), "changes": .array(changes),
            "styles": styleDefinitions(newIn: used),
        ]
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
