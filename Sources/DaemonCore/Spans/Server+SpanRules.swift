import JSONRPC
import RichText

extension Server {
    /// The span rules of a `spanRules` array at `field`, nil when absent; a bad rule is an
    /// invalid-params error naming it (`initializationOptions.spanRules[1].pattern ...`).
    static func spanRules(_ params: Params, field: String) throws(ResponseError) -> [SpanRule]? {
        guard let json = params.optional(field) else { return nil }
        do {
            return try SpanRule.rules(from: json)
        } catch {
            let prefix = field.hasSuffix("spanRules") ? String(field.dropLast("spanRules".count)) : ""
            throw .invalidParams("\(prefix)\(error)")
        }
    }
}
