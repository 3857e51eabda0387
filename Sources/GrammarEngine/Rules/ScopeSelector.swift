/// vscode-textmate's selector language for injections (`matcher.ts createMatchers`).
///
/// Identifiers separated by spaces form a descendant path; juxtaposed operands are ANDed; `-X`
/// negates; parentheses group; inside them `|` or `,` means OR; a top-level `,` starts a new
/// selector with its own `L:` (priority −1) or `R:` (+1) prefix.
public enum ScopeSelector {
    /// A compiled selector: true when it accepts the scope names (outermost first).
    public typealias Matcher = @Sendable ([String]) -> Bool

    /// How deeply `-` and `(` may nest in a selector. Parsing and matching recurse once per
    /// level, and a selector of 100,000 dashes overflowed the stack; real selectors nest two or
    /// three levels.
    public static let maximumNesting = 64

    /// Parses `selector` into independent matchers with their priorities; a selector nested
    /// deeper than ``maximumNesting`` gives none (it matches nothing).
    public static func parse(_ selector: String) -> [(matcher: Matcher, priority: Int)] {
        (try? parseChecked(selector)) ?? []
    }

    /// Parses `selector`, throwing when it nests deeper than ``maximumNesting``.
    static func parseChecked(
        _ selector: String
    ) throws(ScopeSelectorError) -> [(matcher: Matcher, priority: Int)] {
        var parser = Parser(tokens: tokenize(selector))
        let selectors = parser.parseSelectors()
        guard !parser.isTooDeep else { throw .nestedTooDeeply(limit: maximumNesting) }
        return selectors
    }

    /// Whether `identifiers` match `scopes` as a descendant path: each identifier prefix-matches
    /// a scope (`a` matches `a` and `a.b`) at increasing depth.
    public static func matchesPath(_ identifiers: [String], _ scopes: [String]) -> Bool {
        guard scopes.count >= identifiers.count else { return false }
        var lastIndex = 0
        for identifier in identifiers {
            var found = false
            while lastIndex < scopes.count {
                let scope = scopes[lastIndex]
                lastIndex += 1
                if prefixMatches(identifier, scope) {
                    found = true
                    break
                }
            }
            if !found { return false }
        }
        return true
    }

    /// Whether `identifier` names `scope`: the same name, or a prefix of it that ends where one
    /// of its dot-separated parts does (`a` matches `a` and `a.b`, not `ab`).
    public static func prefixMatches(_ identifier: String, _ scope: String) -> Bool {
        // Compared as bytes, as vscode-textmate compares code units.
        guard scope.utf8.starts(with: identifier.utf8) else { return false }
        let rest = scope.utf8.dropFirst(identifier.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".")
    }

    /// The scope names `selector` mentions, in order: a scope that none of them prefix-matches
    /// (`matchesPath`) changes no answer of the selector's matchers when added to a path.
    public static func identifiers(in selector: String) -> [String] {
        tokenize(selector).filter { Parser.isIdentifier($0) }
    }

    // Tokens per /([LR]:|[\w\.:][\w\.:\-]*|[\,\|\-\(\)])/g.
    static func tokenize(_ selector: String) -> [String] {
        var tokens: [String] = []
        let scalars = Array(selector.unicodeScalars)
        func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "." || scalar == ":"
                || (scalar.isASCII && scalar.properties.isAlphabetic)
                || ("0"..."9").contains(scalar) || (!scalar.isASCII && scalar.properties.isAlphabetic)
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "L" || scalar == "R", index + 1 < scalars.count, scalars[index + 1] == ":" {
                tokens.append(String(scalar) + ":")
                index += 2
            } else if isWord(scalar) {
                var end = index + 1
                while end < scalars.count, isWord(scalars[end]) || scalars[end] == "-" { end += 1 }
                var token = ""
                token.unicodeScalars.append(contentsOf: scalars[index..<end])
                tokens.append(token)
                index = end
            } else {
                if ",|-()".unicodeScalars.contains(scalar) { tokens.append(String(scalar)) }
                index += 1
            }
        }
        return tokens
    }
}
