extension ScopeSelector {
    /// The recursive-descent parser of `createMatchers`.
    struct Parser {
        var tokens: [String]
        var position = 0
        /// How many `-` and `(` enclose the operand being parsed.
        var nesting = 0
        /// Set when the nesting went past ``ScopeSelector/maximumNesting``; the whole selector
        /// is then refused.
        var isTooDeep = false

        var token: String? { position < tokens.count ? tokens[position] : nil }

        mutating func advance() { position += 1 }

        static func isIdentifier(_ token: String?) -> Bool {
            guard let token else { return false }
            return token.unicodeScalars.contains {
                $0 == "_" || $0 == "." || $0 == ":" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
        }

        mutating func parseSelectors() -> [(matcher: Matcher, priority: Int)] {
            var result: [(matcher: Matcher, priority: Int)] = []
            while token != nil {
                var priority = 0
                if let prefix = token, prefix.count == 2, prefix.hasSuffix(":") {
                    priority = prefix == "R:" ? 1 : (prefix == "L:" ? -1 : 0)
                    advance()
                }
                result.append((parseConjunction(), priority))
                guard token == "," else { break }
                advance()
            }
            return result
        }

        mutating func parseOperand() -> Matcher? {
            if token == "-" || token == "(" {
                // Each level recurses here and nests a matcher closure that recurses when run.
                guard !isTooDeep, nesting < ScopeSelector.maximumNesting else {
                    isTooDeep = true
                    return nil
                }
                nesting += 1
                defer { nesting -= 1 }
                if token == "-" {
                    advance()
                    let operand = parseOperand()
                    return { scopes in operand.map { !$0(scopes) } ?? false }
                }
                advance()
                let inner = parseInnerExpression()
                if token == ")" { advance() }
                return inner
            }
            if Self.isIdentifier(token) {
                var identifiers: [String] = []
                while Self.isIdentifier(token), let identifier = token {
                    identifiers.append(identifier)
                    advance()
                }
                let path = identifiers
                return { scopes in ScopeSelector.matchesPath(path, scopes) }
            }
            return nil
        }

        mutating func parseConjunction() -> Matcher {
            var matchers: [Matcher] = []
            while let matcher = parseOperand() { matchers.append(matcher) }
            let all = matchers
            return { scopes in all.allSatisfy { $0(scopes) } }
        }

        mutating func parseInnerExpression() -> Matcher {
            var matchers: [Matcher] = []
            var progress = position
            while true {
                matchers.append(parseConjunction())
                guard token == "|" || token == "," else { break }
                while token == "|" || token == "," { advance() }
                // Guard against a conjunction that consumed nothing forever.
                if position == progress { break }
                progress = position
            }
            let any = matchers
            return { scopes in any.contains { $0(scopes) } }
        }
    }
}
