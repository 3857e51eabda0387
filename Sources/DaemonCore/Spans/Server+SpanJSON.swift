import DocumentStorage
import JSONRPC
import RichText

extension Server {
    /// Members of a span object that its data may not replace.
    static let reservedSpanKeys: Set<String> = ["offset", "length", "kind", "atomic", "unbreakable"]

    /// Spans as `{offset, length, kind, atomic, unbreakable, ...data}` in the negotiated unit.
    func spansJSON(_ spans: [Span], measure: UnitMeasure) -> JSONValue {
        .array(
            spans.map { span in
                let range = measure.range(span.range)
                var object: [String: JSONValue] = [:]
                for (key, value) in span.attribute.data where !Self.reservedSpanKeys.contains(key) {
                    object[key] = value.json
                }
                object["offset"] = .integer(range.offset)
                object["length"] = .integer(range.length)
                object["kind"] = .string(span.attribute.kind)
                object["atomic"] = .bool(span.attribute.isAtomic)
                object["unbreakable"] = .bool(span.attribute.isUnbreakable)
                return .object(object)
            })
    }
}
