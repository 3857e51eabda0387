import RegexTranslation

/// Fenced code blocks in Markdown for every registered language, not only the fixed list a
/// Markdown grammar spells out.
///
/// A Markdown grammar names the languages of its fences one rule each (`javascript|js|…` →
/// `source.js`); a language an extension adds is not among them, so ```` ```zig ```` stays
/// plain. ``register(in:)`` adds an injection grammar into Markdown with one fence rule per
/// language the Markdown grammar does not already handle, by its id and aliases, in the same
/// shape (`markup.fenced_code.block.markdown`, `meta.embedded.block.<id>`), so themes and
/// language-at-position treat them alike. Languages the Markdown grammar handles keep its
/// own rules, so their scopes stay exactly as before.
public enum MarkdownFences {
    /// The root scope of Markdown, into which the fences are injected.
    public static let markdownScope = "text.html.markdown"
    /// The injection grammar's scope.
    public static let scopeName = "text.html.markdown.highlightd-fences"

    /// Registers (or replaces) the fence injection. The rules are made when a Markdown
    /// grammar is first compiled, from the languages registered by then, so a process that
    /// highlights no Markdown pays nothing for them.
    public static func register(in registry: GrammarRegistry) {
        registry.register(scopeName: scopeName, injectTo: [markdownScope], origin: "highlightd") {
            [weak registry] in
            registry.flatMap(makeGrammar)
        }
    }

    /// The injection grammar for the registry's languages, or nil when every language is
    /// already handled (or there is no Markdown grammar).
    static func makeGrammar(_ registry: GrammarRegistry) -> RawGrammar? {
        guard let markdown = registry.rawGrammar(scopeName: markdownScope) else { return nil }
        let handled = FenceProbe(markdown)
        var rules: [RawValue] = []
        for language in registry.languageSummaries {
            guard let scope = language.scopeName, scope != markdownScope, scope != scopeName,
                registry.injectsInto(scopeName: scope).isEmpty
            else { continue }
            let names = ([language.id] + language.aliases).filter { !$0.isEmpty && !handled.handles($0) }
            guard !names.isEmpty else { continue }
            rules.append(fenceRule(names: names, languageId: language.id, scope: scope))
        }
        guard !rules.isEmpty else { return nil }
        let grammar: RawValue = .object([
            ("scopeName", .string(scopeName)),
            (
                "injectionSelector",
                .string("L:text.html.markdown - (markup.fenced_code | markup.raw | comment)")
            ),
            ("patterns", .array(rules)),
        ])
        return try? RawGrammar(grammar)
    }

    /// One fence rule: an opening fence naming the language, its content in the language's
    /// grammar until a closing fence at least as long.
    static func fenceRule(names: [String], languageId: String, scope: String) -> RawValue {
        let alternatives = names.map(escape).joined(separator: "|")
        let fence = "(?:^|\\G)(\\s*)(`{3,}|~{3,})\\s*(?i:(\(alternatives)))(?=$|[\\s{,:;?])((?:(?!`).)*)$"
        return .object([
            ("begin", .string(fence)),
            (
                "beginCaptures",
                .object([
                    ("2", .object([("name", .string("punctuation.definition.markdown"))])),
                    ("3", .object([("name", .string("fenced_code.block.language.markdown"))])),
                    ("4", .object([("name", .string("fenced_code.block.language.attributes.markdown"))])),
                ])
            ),
            ("end", .string("(?:^|\\G)(\\s*)(\\2[`~]*)\\s*$")),
            (
                "endCaptures",
                .object([("2", .object([("name", .string("punctuation.definition.markdown"))]))])
            ),
            ("name", .string("markup.fenced_code.block.markdown")),
            (
                "patterns",
                .array([
                    .object([
                        ("begin", .string("\\G")),
                        ("while", .string("^(?!\\s*(?:`{3,}|~{3,})\\s*$)")),
                        ("contentName", .string("meta.embedded.block.\(languageId)")),
                        ("patterns", .array([.object([("include", .string(scope))])])),
                    ])
                ])
            ),
        ])
    }

    /// A name as literal regular-expression text.
    static func escape(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}/#-".contains(character) { result.append("\\") }
            if character == " " {
                result += "\\x20"  // Free-spacing cannot eat it.
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// The fence languages a Markdown grammar handles itself: every begin pattern of its rules
/// named `markup.fenced_code.block.markdown` that include another grammar, tried on a fence
/// line naming the language.
struct FenceProbe {
    private var patterns: [Pattern] = []

    init(_ markdown: RawGrammar) {
        var seen = Set<ObjectIdentifier>()
        var pending = markdown.patterns + Array(markdown.repository.values)
        while let rule = pending.popLast() {
            guard seen.insert(ObjectIdentifier(rule)).inserted else { continue }
            pending += rule.patterns ?? []
            pending += rule.repository.map { Array($0.values) } ?? []
            guard rule.name == "markup.fenced_code.block.markdown", let begin = rule.begin,
                Self.includesAnotherGrammar(rule),
                let translated = try? OnigurumaTranslator.translate(begin),
                let pattern = try? Pattern(translated.source)
            else { continue }
            patterns.append(pattern)
        }
    }

    /// Whether a fence naming `name` opens one of the grammar's own language blocks.
    func handles(_ name: String) -> Bool {
        var line = "```" + name
        return line.withUTF8 { bytes in patterns.contains { $0.firstMatch(in: bytes, from: 0) != nil } }
    }

    /// Whether the rule's content includes a grammar by scope (`source.js`), which a fence of
    /// an unknown language does not.
    private static func includesAnotherGrammar(_ rule: RawRule) -> Bool {
        var pending = rule.patterns ?? []
        var depth = 0
        while let child = pending.popLast(), depth < 64 {
            depth += 1
            if let include = child.include, !include.hasPrefix("#"), !include.hasPrefix("$") { return true }
            pending += child.patterns ?? []
        }
        return false
    }
}
