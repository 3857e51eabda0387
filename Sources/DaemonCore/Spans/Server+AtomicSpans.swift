import DocumentStorage
import JSONRPC
import TextRope

extension Server {
    /// The `atomic` member of `textStorage/edit`: `"break"` (the default) or `"expand"`.
    func atomicEditing(_ params: Params) throws(ResponseError) -> AtomicEditing {
        guard let name = try params.optionalString("atomic") else { return .break }
        guard let mode = AtomicEditing(rawValue: name) else {
            throw .invalidParams("atomic must be \"expand\" or \"break\"")
        }
        return mode
    }

    /// `textStorage/adjustSelection`: the selection moved or widened so that neither end lies
    /// inside an atomic span.
    func adjustSelection(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("uri"))
        let (offset, length) = try params.offsetRange("selection")
        let name = try params.optionalString("direction") ?? SelectionDirection.forward.rawValue
        guard let direction = SelectionDirection(rawValue: name) else {
            throw .invalidParams("direction must be \"forward\" or \"backward\"")
        }
        let text = document.storage.text
        let selection: Range<Int>
        do throws(TextPositionError) {
            let lower = try text.utf8Offset(offset, in: encoding)
            selection = lower..<(length == 0 ? lower : try text.utf8Offset(offset + length, in: encoding))
        } catch {
            throw .invalidParams("selection: \(error)")
        }
        let adjusted = document.storage.selectionAdjustedForAtomicSpans(selection, direction: direction)
        let range = UnitMeasure(text: text, unit: encoding).range(adjusted)
        return [
            "version": .integer(document.version),
            "selection": ["offset": .integer(range.offset), "length": .integer(range.length)],
        ]
    }
}
