import Foundation
import GrammarEngine
import RegexTranslation
import TestSupport
import Testing

/// The project's web grammars: every pattern compiles, samples get the scopes themes colour,
/// and real files tokenize within the time budget.
@Suite struct WebGrammarsTests {
    @Test(arguments: WebGrammars.scopes.map(\.file))
    func everyPatternCompilesWithNoDisabledRule(_ file: String) throws {
        let registry = try WebGrammars.registry()
        let raw = try #require(registry.rawGrammar(scopeName: scopeName(of: file)))
        #expect(raw.scopeName == scopeName(of: file))
        let grammar = try registry.grammar(scopeName: raw.scopeName)
        let failures = grammar.compileAllPatterns()
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
        // Ends with back-references compile only once resolved; check them with a stand-in.
        for source in try backReferencedEnds(in: WebGrammars.url(file)) {
            let resolved = source.replacing(/\\[0-9]+/, with: "x")
            let translated = try OnigurumaTranslator.translate(resolved)
            #expect(throws: Never.self, "\(file): \(source)") { try Pattern(translated.source) }
        }
    }

    @Test(arguments: [
        ("app.js", "source.js"), ("server.mjs", "source.js"), ("config.cjs", "source.js"),
        ("App.jsx", "source.js"), ("index.ts", "source.ts"), ("module.mts", "source.ts"),
        ("package.json", "source.json"), ("settings.jsonc", "source.json.comments"),
        ("tsconfig.json", "source.json.comments"), (".eslintrc", "source.json.comments"),
        (".babelrc", "source.json.comments"), ("index.html", "text.html.basic"),
        ("page.htm", "text.html.basic"), ("site.css", "source.css"), ("App.svelte", "source.svelte"),
        ("README.md", "text.html.markdown"), ("notes.markdown", "text.html.markdown"),
    ])
    func fileNamesPickTheirGrammar(_ fileName: String, _ scopeName: String) throws {
        #expect(try WebGrammars.registry().scopeName(forFile: "/project/\(fileName)") == scopeName)
    }

    @Test func nodeShebangPicksJavaScript() throws {
        let registry = try WebGrammars.registry()
        #expect(
            registry.scopeName(forFile: "/usr/local/bin/tool", firstLine: "#!/usr/bin/env node")
                == "source.js")
    }

    @Test(arguments: WebFixture.all)
    func fixtureCarriesTheExpectedScopes(_ fixture: WebFixture) throws {
        let grammar = try WebGrammars.registry().grammar(scopeName: fixture.scopeName)
        let url = WebGrammars.fixturesFolder.appendingPathComponent(fixture.file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let tokens = grammar.tokenizeDocument(text)
        #expect(fixture.expectations.count >= 10)
        for expectation in fixture.expectations {
            guard let range = WebGrammars.range(of: expectation, in: text) else {
                Issue.record("\(fixture.file): \(expectation) not found")
                continue
            }
            let covering = WebGrammars.scopes(in: tokens, over: range)
            #expect(
                !covering.isEmpty && covering.allSatisfy { WebGrammars.contains($0, expectation.scope) },
                "\(fixture.file): \(expectation) got \(covering)")
        }
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
    }

    @Test(
        .enabled(if: TestData.shouldRun, TestData.skipReason),
        arguments: [
            ("benchmark/large.js", "source.js"), ("benchmark/vscode.d.ts", "source.ts"),
            ("benchmark/bootstrap.css", "source.css"), ("benchmark/large.min.js", "source.js"),
            ("benchmark/minified.js", "source.js"), ("benchmark/bootstrap.min.css", "source.css"),
            ("benchmark/main.08642f99.css", "source.css"),
        ])
    func benchmarkInputTokenizesEveryLineInFull(_ path: String, _ scopeName: String) throws {
        let grammar = try WebGrammars.registry().grammar(scopeName: scopeName)
        let text = try String(contentsOf: TestData.url(path), encoding: .utf8)
        var state: RuleStack?
        var stopped: [Int] = []
        var lineNumber = 0
        var truncated = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let tokenization = grammar.tokenizeLine(String(line), state: state)
            if tokenization.stoppedEarly { stopped.append(lineNumber) }
            truncated = truncated || tokenization.truncated
            state = tokenization.endState
        }
        #expect(stopped.isEmpty, "\(path): lines stopped early: \(stopped.prefix(20))")
        #expect(grammar.diagnostics.isEmpty, "\(grammar.diagnostics)")
        // The document ends where it started: no begin rule left open. A line cut at the length
        // cap keeps its start state, so the check only holds when no line was cut.
        if !truncated {
            #expect(state?.depth == grammar.initialState.depth, "\(path) ends inside a construct")
        }
    }

    private func scopeName(of file: String) -> String {
        WebGrammars.scopes.first { $0.file == file }?.scopeName ?? file
    }

    /// The `end` and `while` patterns of a grammar file that refer to begin captures.
    private func backReferencedEnds(in url: URL) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        var found: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if key == "end" || key == "while", let source = child as? String,
                        source.contains(/\\[0-9]/)
                    {
                        found.append(source)
                    }
                    walk(child)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(json)
        return found
    }
}
