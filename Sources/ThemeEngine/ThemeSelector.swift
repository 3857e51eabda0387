/// One selector of a theme rule, split the way vscode-textmate's `parseTheme` splits it:
/// `"source.js > meta.tag string"` targets `string` with parents `["meta.tag", ">", "source.js"]`
/// (nearest first). An optional `- X` tail adds exclusions, an extension over vscode-textmate.
struct ThemeSelector: Hashable, Sendable {
    /// The innermost scope the rule targets; `""` sets the theme's defaults.
    var scope: String
    /// Ancestor patterns, nearest first, with `>` marking an immediate parent; nil when none.
    var parentScopes: [String]?
    /// Paths where the rule must not apply.
    var exclusions: [ScopeExclusion]
    /// The selector as written, trimmed.
    var text: String

    /// Splits a comma-separated scope string into selector texts, as `parseTheme` does:
    /// leading and trailing commas are dropped and empty pieces stay (they set defaults).
    ///
    /// Commas inside parentheses (only meaningful in exclusions) do not split.
    static func splitList(_ list: String) -> [String] {
        var text = Substring(list)
        while text.first == "," { text = text.dropFirst() }
        while text.last == "," { text = text.dropLast() }
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                pieces.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    /// Parses one selector (one element of a scope list).
    init(parsing raw: String) {
        let trimmed = Self.trim(raw)
        text = trimmed
        let (positive, exclusionText) = Self.splitAtExclusion(trimmed)
        exclusions = exclusionText.map(Self.parseExclusions) ?? []
        // vscode-textmate splits on single spaces, so doubled spaces leave empty patterns that
        // never match; keep that for parity.
        let segments = positive.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        scope = segments.last ?? ""
        parentScopes = segments.count > 1 ? Array(segments.dropLast().reversed()) : nil
    }

    /// JavaScript's `trim()` for the whitespace theme files contain.
    static func trim(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// Finds the first `-` that starts a word (scope names only contain `-` inside words) and
    /// returns the text before it and the exclusion text from it on.
    private static func splitAtExclusion(_ text: String) -> (String, String?) {
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if character == "-", previous == " " || previous == "\t" || previous == "(" {
                return (trim(String(text[..<index])), String(text[index...]))
            }
            previous = character
        }
        return (text, nil)
    }
}
