import JSONSyntax

extension FormattableContent {
    /// Reads a block. A block without a string `text` is an error; a bad range is skipped and
    /// reported in `warnings` (the rest of the block is still worth showing): a missing or
    /// non-string `type`, `indices` that are not two integers, reversed, outside the text or
    /// inside a surrogate pair.
    public init(json: JSONValue, path: String = "", warnings: inout [FormattableContentError])
        throws(FormattableContentError)
    {
        guard var members = json.objectValue else {
            throw FormattableContentError(path: path, message: "must be an object")
        }
        guard let text = members.removeValue(forKey: "text")?.stringValue else {
            throw FormattableContentError(path: path + ".text", message: "must be a string")
        }
        let rangeValues = members.removeValue(forKey: "ranges") ?? .array([])
        guard let array = rangeValues.arrayValue else {
            throw FormattableContentError(path: path + ".ranges", message: "must be an array")
        }
        let utf16 = Array(text.utf16)
        var ranges: [FormattableRange] = []
        for (index, value) in array.enumerated() {
            do {
                ranges.append(try Self.range(value, in: utf16))
            } catch {
                warnings.append(
                    FormattableContentError(path: "\(path).ranges[\(index)]", message: error.message))
            }
        }
        self.init(text: text, ranges: ranges, otherMembers: members)
    }

    private static func range(_ value: JSONValue, in utf16: [UInt16]) throws(FormattableContentError)
        -> FormattableRange
    {
        func fail(_ message: String) -> FormattableContentError {
            FormattableContentError(path: "", message: message)
        }
        guard var fields = value.objectValue else { throw fail("must be an object") }
        guard let type = fields.removeValue(forKey: "type")?.stringValue, !type.isEmpty else {
            throw fail("type must be a non-empty string")
        }
        // Exactly two integers: `[0, null, 2]` is not `[0, 2]`.
        let values = fields.removeValue(forKey: "indices")?.arrayValue ?? []
        let indices = values.compactMap(\.intValue)
        guard values.count == 2, indices.count == 2 else {
            throw fail("(\(type)) indices must be two integers [start, end]")
        }
        let (start, end) = (indices[0], indices[1])
        guard start <= end else { throw fail("(\(type)) indices [\(start), \(end)] are reversed") }
        guard start >= 0, end <= utf16.count else {
            throw fail(
                "(\(type)) indices [\(start), \(end)] are outside the text (\(utf16.count) UTF-16 units)")
        }
        for offset in [start, end] where offset > 0 && offset < utf16.count {
            if UTF16.isTrailSurrogate(utf16[offset]) && UTF16.isLeadSurrogate(utf16[offset - 1]) {
                throw fail("(\(type)) index \(offset) is inside a surrogate pair")
            }
        }
        return FormattableRange(type: type, indices: start..<end, fields: fields)
    }
}
