import DocumentStorage
import GrammarEngine
import JSONSyntax
import RegexTranslation

/// One span rule: text matching `pattern` becomes a span of `kind`.
///
/// Patterns are written as grammar patterns are (Oniguruma syntax, translated to PCRE2, with
/// the same match limit), and matched line by line. A rule with a shortcode `table` makes
/// spans only of matches the table names, each carrying its attachment.
public struct SpanRule: Sendable {
    /// The longest pattern accepted, in UTF-8 bytes.
    public static let maximumPatternLength = 4_096
    /// The most rules a client may give.
    public static let maximumRuleCount = 256

    /// The kind of the spans made (`mention`, `hashtag`, `shortcode`, or the client's own).
    public let kind: String
    /// The pattern as the client wrote it.
    public let source: String
    /// Whether the spans are edited as one character.
    public let isAtomic: Bool
    /// Whether line breaking keeps the spans whole.
    public let isUnbreakable: Bool
    /// For shortcodes: which matches become spans, and what each is shown as.
    public let table: [String: SpanAttachment]?
    let pattern: Pattern

    /// Compiles a rule; `index` names it in errors.
    public init(
        kind: String, pattern source: String, isAtomic: Bool = false, isUnbreakable: Bool = false,
        table: [String: SpanAttachment]? = nil, index: Int = 0
    ) throws(SpanRuleError) {
        guard !kind.isEmpty else { throw .emptyKind(rule: index) }
        guard source.utf8.count <= Self.maximumPatternLength else {
            throw .patternTooLong(rule: index, length: source.utf8.count)
        }
        if let table {
            guard !table.isEmpty else { throw .invalidTable(rule: index, message: "no shortcodes") }
            for (code, attachment) in table {
                guard attachment.image != nil || attachment.text != nil else {
                    throw .invalidTable(rule: index, message: "\(code) has neither image nor text")
                }
                let longest = max(attachment.image?.utf8.count ?? 0, attachment.text?.utf8.count ?? 0)
                guard longest <= SpanAttachment.maximumLength else {
                    throw .invalidTable(
                        rule: index,
                        message:
                            "\(code)'s image or text is \(longest) bytes (at most \(SpanAttachment.maximumLength))"
                    )
                }
            }
        }
        do {
            let translated = try OnigurumaTranslator.translate(source)
            // Interruptible: one search of a client's pattern may otherwise run for seconds.
            pattern = try Pattern(translated.source, interruptible: true)
        } catch let error as PatternTranslationError {
            throw .invalidPattern(rule: index, pattern: source, message: error.description)
        } catch {
            throw .invalidPattern(rule: index, pattern: source, message: "\(error)")
        }
        self.kind = kind
        self.source = source
        self.isAtomic = isAtomic
        self.isUnbreakable = isUnbreakable
        self.table = table
    }

    /// The span attribute a match `text` makes, or nil when the table does not name it.
    func attribute(for text: Substring) -> SpanAttribute? {
        var data: [String: JSONValue] = [:]
        if let table {
            guard let attachment = table[String(text)] else { return nil }
            data["shortcode"] = .string(String(text))
            if let image = attachment.image { data["image"] = .string(image) }
            if let text = attachment.text { data["text"] = .string(text) }
        }
        return SpanAttribute(kind: kind, data: data, isAtomic: isAtomic, isUnbreakable: isUnbreakable)
    }
}
