extension ThemeSelector {
    /// Parses `- a b - (c | d e)` into exclusions; text it cannot read is skipped, never fatal.
    static func parseExclusions(_ text: String) -> [ScopeExclusion] {
        var tokens = tokenize(text)[...]
        var exclusions: [ScopeExclusion] = []
        while let token = tokens.first {
            tokens = tokens.dropFirst()
            guard token == "-" else { continue }
            if tokens.first == "(" {
                tokens = tokens.dropFirst()
                var alternatives: [[String]] = [[]]
                while let inner = tokens.first, inner != ")" {
                    tokens = tokens.dropFirst()
                    if inner == "|" || inner == "," {
                        alternatives.append([])
                    } else if isIdentifier(inner) {
                        alternatives[alternatives.count - 1].append(inner)
                    }
                }
                tokens = tokens.dropFirst()
                let paths = alternatives.filter { !$0.isEmpty }
                if !paths.isEmpty { exclusions.append(ScopeExclusion(alternatives: paths)) }
            } else {
                var path: [String] = []
                while let inner = tokens.first, isIdentifier(inner) {
                    path.append(inner)
                    tokens = tokens.dropFirst()
                }
                if !path.isEmpty { exclusions.append(ScopeExclusion(alternatives: [path])) }
            }
        }
        return exclusions
    }

    /// Splits into `-`, `(`, `)`, `|`, `,`, `>` and identifiers (which may contain inner `-`).
    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        func flush() {
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        for character in text {
            switch character {
            case " ", "\t", "\n", "\r":
                flush()
            case "(", ")", "|", ",", ">":
                flush()
                tokens.append(String(character))
            case "-" where word.isEmpty:
                tokens.append("-")
            default:
                word.append(character)
            }
        }
        flush()
        return tokens
    }

    private static func isIdentifier(_ token: String) -> Bool {
        // `>` is accepted and ignored in exclusions: they match as descendant paths.
        !["-", "(", ")", "|", ",", ">"].contains(token)
    }
}
