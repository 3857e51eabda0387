import DocumentStorage
import JSONRPC
import TextRope

extension Server {
    /// `textStorage/adjustSelection`: the selection moved or widened so that neither end lies
    /// inside an atomic span.
    func adjustSelection(_ params: AdjustSelectionParams) -> SelectionResult {
        let document = params.document
        let adjusted = document.storage.selectionAdjustedForAtomicSpans(
            params.selection, direction: params.direction)
        return SelectionResult(
            version: document.version,
            selection: UnitRange(utf8: adjusted, of: document.storage.text, unit: encoding))
    }
}

/// What `textStorage/adjustSelection` answers.
struct SelectionResult: WireEncodable {
    let version: Int
    let selection: UnitRange

    var json: JSONValue { ["version": .integer(version), "selection": selection.json] }
}
