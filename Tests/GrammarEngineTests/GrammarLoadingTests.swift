import Foundation
import GrammarEngine
import Testing

@Suite struct GrammarLoadingTests {
    static let json = """
        {"scopeName": "source.demo", "name": "Demo", "fileTypes": ["demo", "d.demo", "Demofile"],
         "firstLineMatch": "^#!.*\\\\bdemo\\\\b",
         "patterns": [{"match": "(\\\\w+)=", "captures": {"1": {"name": "variable"}}}]}
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>scopeName</key><string>source.demo</string>
          <key>patterns</key><array><dict>
            <key>match</key><string>(\\w+)=</string>
            <key>captures</key><dict><key>1</key><dict><key>name</key><string>variable</string></dict></dict>
          </dict></array>
        </dict></plist>
        """

    static let yaml = """
        scopeName: source.demo
        patterns:
          - match: '(\\w+)='
            captures:
              '1': {name: variable}
        """

    @Test(arguments: [(json, RawValue.Format.json), (plist, .plist), (yaml, .yaml)])
    func everyFormatLoadsTheSameGrammar(_ text: String, _ format: RawValue.Format) throws {
        let raw = try RawGrammar(RawValue.parse(Data(text.utf8), format: format))
        #expect(raw.scopeName == "source.demo")
        let grammar = Grammar(raw, sources: .init(grammar: { _ in nil }))
        let tokens = GrammarFixtures.tokens(grammar, "ab= c")
        // Token boundaries come from the match's end, not from scope changes.
        #expect(tokens.map(\.0) == ["ab", "=", " c"])
        #expect(tokens.map(\.1) == ["variable", "source.demo", "source.demo"])
    }

    @Test func malformedDocumentsAndGrammarsWithoutScopeAreTypedErrors() {
        #expect(throws: GrammarError.self) { try RawValue.parse(Data("{\"a\": ".utf8), format: .json) }
        #expect(throws: GrammarError.missingScopeName(path: nil)) {
            try RawGrammar(RawValue.parse(Data("{\"patterns\": []}".utf8), format: .json))
        }
    }

    @Test func theRegistryFindsGrammarsByLanguageFileAndFirstLine() throws {
        let registry = GrammarRegistry()
        registry.register(try GrammarFixtures.raw(Self.json))
        registry.register(try GrammarFixtures.raw(#"{"scopeName": "source.other", "fileTypes": ["demo.x"]}"#))
        #expect(registry.scopeName(forLanguage: "demo") == "source.demo")
        #expect(registry.scopeName(forLanguage: "DEMO") == "source.demo")
        #expect(registry.scopeName(forFile: "/tmp/a.demo") == "source.demo")
        #expect(registry.scopeName(forFile: "Demofile") == "source.demo")
        #expect(registry.scopeName(forFile: "b.demo.x") == "source.other")
        #expect(registry.scopeName(forFile: "script", firstLine: "#!/usr/bin/env demo") == "source.demo")
        #expect(registry.scopeName(forFile: "script", firstLine: "plain") == nil)
        #expect(throws: GrammarError.self) { try registry.grammar(scopeName: "source.none") }
        let grammar = try registry.grammar(forLanguage: "demo")
        #expect(try registry.grammar(scopeName: "source.demo") === grammar)
    }

    @Test func includesOfOtherGrammarsResolveSelfAndBase() throws {
        let inner = """
            {"scopeName": "source.inner", "patterns": [{"begin": "\\\\(", "end": "\\\\)", "name": "paren",
              "patterns": [{"include": "$base"}]}],
             "repository": {"word": {"match": "w", "name": "inner.word"}}}
            """
        let outer = """
            {"scopeName": "source.outer", "patterns": [{"include": "source.inner"},
              {"include": "source.inner#word"}, {"match": "o", "name": "outer.o"}]}
            """
        let grammar = try GrammarFixtures.grammar(outer, others: [inner])
        let tokens = GrammarFixtures.tokens(grammar, "(o)w")
        #expect(tokens.map(\.0) == ["(", "o", ")", "w"])
        #expect(tokens.map(\.1) == ["paren", "outer.o", "paren", "inner.word"])
    }
}
