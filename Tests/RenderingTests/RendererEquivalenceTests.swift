import Foundation
import GrammarEngine
import Rendering
import TestSupport
import Testing
import ThemeEngine

/// The byte-writing renderers against the simple per-token ones they replaced
/// (`Reference/ReferenceRenderers.swift`): byte for byte on the grammar fixtures and the
/// benchmark files, with both bundled themes and a VS Code theme, in every colour depth.
@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct RendererEquivalenceTests {
    static let registry: GrammarRegistry = BundledGrammars(
        grammarsDirectory: TestData.projectRoot.appendingPathComponent("Grammars")
    ).makeRegistry().registry

    /// Every input: the grammar fixtures, the benchmark files, and a few hostile shapes.
    static let inputs: [(name: String, text: String)] = {
        var inputs: [(String, String)] = []
        let fixtures = TestData.projectRoot.appendingPathComponent("Tests/BundledGrammarTests/Fixtures")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).sorted() {
            let text = (try? String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)) ?? ""
            inputs.append((name.replacingOccurrences(of: ".txt", with: ""), text))
        }
        for name in ["large.js", "bootstrap.css", "vscode.d.ts"] {
            if let url = try? TestData.url("benchmark/\(name)"),
                let text = try? String(contentsOf: url, encoding: .utf8)
            {
                inputs.append((name, text))
            }
        }
        inputs.append(("crlf.js", "let a = '<&>';\r\n\r\nconst b = \"x\" // é😀\r\n"))
        inputs.append(("empty.js", ""))
        return inputs
    }()

    static func themes() throws -> [Theme] {
        var themes = [try Theme.builtIn(named: "dark"), try Theme.builtIn(named: "light")]
        if let url = try? TestData.url("vscode-extensions/night-owl/themes/Night Owl-color-theme.json") {
            themes.append(try Theme.load(from: url))
        }
        return themes
    }

    static func tokens(_ name: String, _ text: String) -> [DocumentToken] {
        guard let grammar = try? registry.grammar(forFile: name) else {
            return [DocumentToken(range: 0..<text.utf8.count, scopes: ["text.plain"])]
        }
        return grammar.tokenizeDocument(text)
    }

    @Test func ansiOutputIsByteForByteTheReferences() throws {
        for theme in try Self.themes() {
            for (name, text) in Self.inputs {
                let tokens = Self.tokens(name, text)
                for depth in ColorDepth.allCases {
                    for paints in [false, true] {
                        let configuration = ANSIRenderer.Configuration(
                            colorEnabled: true, paintsDefaultBackground: paints, depth: depth)
                        let fast = ANSIRenderer(theme: theme, configuration: configuration).render(
                            text: text, tokens: tokens)
                        let reference = ReferenceANSIRenderer(
                            theme: theme,
                            configuration: .init(
                                colorEnabled: true, paintsDefaultBackground: paints, depth: depth)
                        ).render(text: text, tokens: tokens)
                        #expect(fast == reference, "\(name), \(theme.name ?? ""), \(depth), \(paints)")
                    }
                }
            }
        }
    }

    @Test func htmlAndJSONOutputsAreByteForByteTheReferences() throws {
        for theme in try Self.themes() {
            for (name, text) in Self.inputs {
                let tokens = Self.tokens(name, text)
                #expect(
                    HTMLRenderer(theme: theme, title: name).render(text: text, tokens: tokens)
                        == ReferenceHTMLRenderer(theme: theme, title: name).render(text: text, tokens: tokens),
                    "\(name) HTML")
                let links = [
                    RenderedLink(range: 0..<min(4, text.utf8.count), target: "https://a.example/\"q\"")
                ]
                for links in [nil, links] {
                    #expect(
                        TokenJSONRenderer(theme: theme).render(
                            text: text, tokens: tokens, scopeName: "source.x", links: links)
                            == ReferenceTokenJSONRenderer(theme: theme).render(
                                text: text, tokens: tokens, scopeName: "source.x", links: links),
                        "\(name) JSON")
                }
            }
        }
    }

    /// Scope names, a root scope and link targets with every character JSON escapes (and some
    /// it does not) are written as the reference writes them.
    @Test func jsonStringsWithEveryEscapeAreByteForByteTheReference() throws {
        let hostile = "q\"b\\s/n\nr\rt\tc\u{01}\u{1F}\u{7F}é😀"
        let text = "let a = 1;\nlet b = 2;\n"
        let tokens = [
            DocumentToken(range: 0..<3, scopes: ["source.x", "storage.\(hostile)"]),
            DocumentToken(range: 3..<12, scopes: ["source.x", hostile, "x y"]),
            DocumentToken(range: 12..<text.utf8.count, scopes: ["source.x"]),
        ]
        let links = [RenderedLink(range: 4..<5, target: "https://a.example/\(hostile)")]
        let theme = try Theme.builtIn(named: "dark")
        #expect(
            TokenJSONRenderer(theme: theme).render(
                text: text, tokens: tokens, scopeName: hostile, links: links)
                == ReferenceTokenJSONRenderer(theme: theme).render(
                    text: text, tokens: tokens, scopeName: hostile, links: links))
        let compact = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    TokenJSONRenderer(theme: theme).renderCompactBytes(
                        text: text, tokens: tokens, scopeName: hostile, links: links))) as? NSDictionary)
        #expect(compact["scopeName"] as? String == hostile)
        #expect(
            (compact["links"] as? [NSDictionary])?.first?["target"] as? String
                == "https://a.example/\(hostile)")
    }

    /// The compact JSON expanded back (each token's stack and its style looked up) is the
    /// full JSON's token list, and the links are the same.
    @Test func compactJSONExpandsToTheFullJSON() throws {
        for theme in try Self.themes() {
            for (name, text) in Self.inputs {
                let tokens = Self.tokens(name, text)
                let links = [RenderedLink(range: 0..<min(4, text.utf8.count), target: "https://a.example/")]
                let renderer = TokenJSONRenderer(theme: theme)
                let full = try Self.object(
                    renderer.renderBytes(text: text, tokens: tokens, scopeName: "s", links: links))
                let compact = try Self.object(
                    renderer.renderCompactBytes(text: text, tokens: tokens, scopeName: "s", links: links))
                let styles = compact["styles"] as? [[String: Any]] ?? []
                let stacks = compact["stacks"] as? [[String: Any]] ?? []
                let flat = compact["tokens"] as? [Int] ?? []
                #expect(flat.count % 3 == 0)
                var expanded: [NSDictionary] = []
                for index in stride(from: 0, to: flat.count, by: 3) {
                    let stack = stacks[flat[index + 2]]
                    let style = styles[stack["style"] as? Int ?? 0]
                    expanded.append([
                        "offset": flat[index], "length": flat[index + 1], "scopes": stack["scopes"] ?? [],
                        "foreground": style["foreground"] ?? "", "background": style["background"] ?? "",
                        "fontStyle": style["fontStyle"] ?? "",
                    ])
                }
                let fullTokens = (full["tokens"] as? [[String: Any]] ?? []).map { $0 as NSDictionary }
                #expect(expanded == fullTokens, "\(name), \(theme.name ?? "")")
                #expect((compact["links"] as? NSArray) == (full["links"] as? NSArray))
                #expect((compact["scopeName"] as? String) == "s")
            }
        }
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
    }

    @Test func tokensWithEqualScopesInDistinctArraysShareOneStyle() throws {
        let theme = try Theme.builtIn(named: "dark")
        let text = "abcdef"
        // Separately built arrays (no shared storage), out of order and overlapping.
        let tokens = [
            DocumentToken(range: 0..<2, scopes: ["source.js", "keyword"]),
            DocumentToken(range: 2..<4, scopes: Array(["source.js", "keyword"])),
            DocumentToken(range: 1..<6, scopes: ["source.js", "string"]),
            DocumentToken(range: 9..<20, scopes: ["source.js"]),
        ]
        let fast = ANSIRenderer(theme: theme, configuration: .init(colorEnabled: true)).render(
            text: text, tokens: tokens)
        let reference = ReferenceANSIRenderer(theme: theme, configuration: .init(colorEnabled: true)).render(
            text: text, tokens: tokens)
        #expect(fast == reference)
    }
}
