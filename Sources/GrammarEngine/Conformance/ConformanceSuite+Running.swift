import Foundation

extension ConformanceSuite {
    /// A test that did not produce the expected tokens.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The test's name.
        public var description: String
        /// What differed: the first differing line with expected and actual tokens, or why
        /// the test could not run.
        public var detail: String
    }

    /// The outcome of a suite run.
    public struct Report: Sendable {
        /// How many tests passed.
        public var passed: Int
        /// The tests that failed, in suite order.
        public var failures: [Failure]
        /// The last line of a run: `N passed, M failed`.
        public var summary: String { "\(passed) passed, \(failures.count) failed" }
    }

    /// Runs every test as vscode-textmate's runner does.
    public func run() -> Report {
        var passed = 0
        var failures: [Failure] = []
        for test in cases {
            if let detail = run(test) {
                failures.append(Failure(description: test.description, detail: detail))
            } else {
                passed += 1
            }
        }
        return Report(passed: passed, failures: failures)
    }

    /// Runs one test; nil when it passes, else what went wrong.
    public func run(_ test: TestCase) -> String? {
        // Grammars are indexed by scope; listed files that are missing are skipped (tests
        // #28 and #31 leave required grammars out on purpose).
        var byScope: [String: RawGrammar] = [:]
        var byPath: [String: RawGrammar] = [:]
        for path in test.grammarPaths {
            guard let raw = try? RawGrammar(contentsOf: folder.appendingPathComponent(path)) else { continue }
            byScope[raw.scopeName] = raw
            byPath[path] = raw
        }
        var rootScope = test.grammarScopeName
        if rootScope == nil, let path = test.grammarPath {
            rootScope =
                byPath[path]?.scopeName
                ?? (try? RawGrammar(contentsOf: folder.appendingPathComponent(path)))?.scopeName
        }
        guard let rootScope, let root = byScope[rootScope] else {
            return "cannot load the root grammar"
        }
        let grammarsByScope = byScope
        let injections = test.grammarInjections
        let sources = Grammar.Sources(
            grammar: { grammarsByScope[$0] },
            injections: { $0 == rootScope ? injections : [] })
        let grammar = Grammar(root, sources: sources)
        var state: RuleStack?
        for (index, line) in test.lines.enumerated() {
            let result = grammar.tokenizeLine(line.text, state: state)
            state = result.endState
            let actual = Self.tokens(of: line.text, result.tokens)
            // vscode's runner drops expected empty tokens on non-empty lines.
            let expected = line.text.isEmpty ? line.tokens : line.tokens.filter { !$0.value.isEmpty }
            if actual != expected {
                var detail =
                    "line \(index + 1) \(line.text.debugDescription)\n  expected: \(expected)\n  actual:   \(actual)"
                for diagnostic in grammar.diagnostics {
                    detail += "\n  \(diagnostic)"
                }
                return detail
            }
        }
        return nil
    }

    static func tokens(of line: String, _ tokens: [LineToken]) -> [ExpectedToken] {
        let bytes = Array(line.utf8)
        return tokens.enumerated().map { index, token in
            let start = min(token.start, bytes.count)
            let end = min(index + 1 < tokens.count ? tokens[index + 1].start : bytes.count, bytes.count)
            return ExpectedToken(
                value: String(decoding: bytes[start..<max(start, end)], as: UTF8.self),
                scopes: token.scopes.scopeNames)
        }
    }
}
