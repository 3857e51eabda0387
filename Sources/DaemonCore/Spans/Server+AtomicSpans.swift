import DocumentStorage
import JSONRPC
import TextRope

extension Server {
    /// `textStorage/adjustSelection`: the selection moved or widened so that neither end lies
    /// inside an atomic span.
    func adjustSelection(_ params: AdjustSelectionParams) -> JSONValue {
        let document = params.document
        let adjusted = document.storage.selectionAdjustedForAtomicSpans(
            params.selection, direction: params.direction)
        return [
            "version": .integer(document.version),
            "selection": UnitRange(utf8: adjusted, of: document.storage.text, unit: encoding).json,
        ]
    }
}
