import DaemonCore
import Foundation
import GrammarEngine
import JSONRPC
import TestSupport
import Testing
import ThemeEngine

/// `textStorage/inspect` after edits, against the whole-document tokenizer and the theme
/// resolving the same scopes from scratch: the scopes, the token's place, its style and the
/// rule that chose it.
@Suite struct InspectProtocolTests {
    static let grammars = TestData.projectRoot.appendingPathComponent("Grammars/Languages")

    /// A JavaScript document opened, then edited (so the answer comes from stored states).
    static func edited() -> (Transcript, String) {
        let transcript = Transcript(options: ["grammarPaths": [.string(grammars.path)]])
        let before = "// 😀 note\nlet s = \"a\";\nlet t = `x${s}y`;\n"
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///a.js", "languageId": "javascript", "version": 1, "text": .string(before),
                ]
            ])
        // Insert a line at the top (UTF-16 offset 0): every later line moves down.
        transcript.notify(
            "textStorage/edit",
            [
                "uri": "file:///a.js", "version": 2,
                "edits": [["offset": 0, "length": 0, "text": "const n = /b+/;\n"]],
            ])
        return (transcript, "const n = /b+/;\n" + before)
    }

    static func inspect(_ transcript: Transcript, utf16 offset: Int) throws -> JSONValue {
        try transcript.request("textStorage/inspect", ["uri": "file:///a.js", "offset": .integer(offset)])
            .get()
    }

    /// The UTF-16 offset of the first occurrence of `needle` in `text`, plus `shift`.
    static func offset(of needle: String, in text: String, shift: Int = 0) -> Int {
        text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: needle)!.lowerBound) + shift
    }

    @Test func theScopesPlaceAndStyleAreThoseOfTheTokenFromScratch() throws {
        let (transcript, text) = Self.edited()
        let registry = GrammarRegistry()
        _ = registry.loadDirectory(Self.grammars)
        let grammar = try registry.grammar(scopeName: "source.js")
        let tokens = grammar.tokenizeDocument(text)
        let theme = try Theme.named("dark")
        let utf8 = Array(text.utf8)
        for (needle, shift) in [("note", 1), ("\"a\"", 1), ("let", 0), ("b+", 0), ("s}", 0), ("y`", 0)] {
            let utf16 = Self.offset(of: needle, in: text, shift: shift)
            let answer = try Self.inspect(transcript, utf16: utf16)
            let byte = String(text.utf16.prefix(utf16))!.utf8.count
            let expected = try #require(tokens.first { $0.range.contains(byte) })
            #expect(answer["scopes"]?.arrayValue?.compactMap(\.stringValue) == expected.scopes, "\(needle)")
            let style = theme.style(forScopes: expected.scopes)
            #expect(answer["foreground"]?.stringValue == style.foreground.normalizedHex, "\(needle)")
            #expect(answer["themeRule"]?.stringValue == style.ruleSelector, "\(needle)")
            // The answer's range holds the offset, lies inside the token, and names its text.
            let offset = try #require(answer["range"]?["offset"]?.intValue)
            let length = try #require(answer["range"]?["length"]?.intValue)
            #expect(offset <= utf16 && utf16 < offset + length, "\(needle)")
            let lower = String(text.utf16.prefix(offset))!.utf8.count
            let upper = String(text.utf16.prefix(offset + length))!.utf8.count
            #expect(expected.range.lowerBound <= lower && upper <= expected.range.upperBound, "\(needle)")
            #expect(answer["text"]?.stringValue == String(decoding: utf8[lower..<upper], as: UTF8.self))
        }
    }

    @Test func commentsAndStringsAreTheirKindsAndCodeInATemplateIsOther() throws {
        let (transcript, text) = Self.edited()
        func kind(_ needle: String, _ shift: Int = 0) throws -> String? {
            try Self.inspect(transcript, utf16: Self.offset(of: needle, in: text, shift: shift))["tokenKind"]?
                .stringValue
        }
        #expect(try kind("note", 1) == "comment")
        #expect(try kind("\"a\"", 1) == "string")
        // VS Code's rule reads the first of the words in `string.regexp.js`: a string.
        #expect(try kind("b+") == "string")
        #expect(try kind("let") == "other")
        // Code inside a template string's `${…}` is code again.
        #expect(try kind("x$") == "string")
        #expect(try kind("s}") == "other")
        #expect(
            try Self.inspect(transcript, utf16: Self.offset(of: "let s", in: text))["languageId"]
                == "javascript")
    }

    @Test func anOffsetOutsideTheTextOrInsideASurrogatePairIsRefused() throws {
        let (transcript, text) = Self.edited()
        let inside = Self.offset(of: "😀", in: text, shift: 1)
        for offset in [inside, text.utf16.count + 1] {
            let result = transcript.request(
                "textStorage/inspect", ["uri": "file:///a.js", "offset": .integer(offset)])
            guard case .failure(let error) = result else {
                Issue.record("offset \(offset) was answered")
                continue
            }
            #expect(error.code == -32602)
            #expect(error.message.hasPrefix("offset"))
        }
        // The end of the text is a place too: the token before it.
        #expect(throws: Never.self) { try Self.inspect(transcript, utf16: text.utf16.count) }
    }

    @Test func aPlainTextDocumentIsOneTokenALine() throws {
        let transcript = Transcript()
        transcript.open("file:///n.txt", "first line\nsecond\n")
        let answer = try transcript.request("textStorage/inspect", ["uri": "file:///n.txt", "offset": 13])
            .get()
        #expect(answer["scopes"] == ["text.plain"])
        #expect(answer["text"] == "second")
        #expect(answer["range"] == ["offset": 11, "length": 6])
        #expect(answer["tokenKind"] == "other")
    }
}
