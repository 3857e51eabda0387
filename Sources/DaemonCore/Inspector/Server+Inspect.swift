import Highlighting
import JSONRPC
import TextRope

extension Server {
    /// `textStorage/inspect`: what the daemon knows of the token at an offset. The token's
    /// line is tokenized again from its start state (the storage keeps style ids, not scopes);
    /// lines before it highlighted for the answer are pushed, as a viewport's are.
    func inspect(_ params: OffsetParams) -> InspectResult {
        let document = params.document
        let text = document.storage.text
        let line = text.lineIndex(containingUTF8: params.offset)
        let lineStart = (try? text.lineStart(line)) ?? 0
        let languageId =
            document.detectedLanguageId ?? (document.languageId.isEmpty ? nil : document.languageId)
        guard let highlighter = document.highlighter,
            let token = highlighter.token(
                atLine: line, utf8Column: params.offset - lineStart, storage: document.storage)
        else {
            // Plain text: the line is one token of the document's root scope.
            let bounds =
                (try? text.lineBounds(line)).map { $0.start..<$0.contentEnd } ?? params.offset..<params.offset
            return result(document, range: bounds, scopes: [document.scopeName], languageId: languageId)
        }
        if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        let atToken = registry.language(
            atScopes: token.scopes, rootScope: document.scopeName, languageId: languageId ?? "")
        return result(document, range: token.range, scopes: token.scopes, languageId: atToken)
    }

    private func result(
        _ document: DocumentSession, range: Range<UTF8Offset>, scopes: [String], languageId: String?
    ) -> InspectResult {
        return InspectResult(
            version: document.version,
            range: UnitRange(utf8: range, of: document.storage.text, unit: encoding),
            text: document.storage.text.substring(range), languageId: languageId, scopes: scopes,
            kind: document.features.classification.kind(of: scopes),
            style: styles[styles.id(forScopes: scopes, classification: document.features.classification)]
        )
    }
}
