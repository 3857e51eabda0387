import Foundation
import TestSupport
import Testing

@Suite struct HighlightCommandTests {
    static let sample = "const s = \"é😀\"; // see https://example.com/x.\r\nlet n = 0x1F;\n/* a\nb */ x\n"

    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func jsonTokensCoverTheTextInUTF16WithRootScopeFirst() throws {
        let path = try BuiltBinary.temporaryFile(named: "sample.js", Self.sample)
        let grammar = try TestData.url("benchmark/JavaScript.tmLanguage.json").path
        let result = try BuiltBinary.run(["highlight", path, "--grammar", grammar, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["scopeName"] as? String == "source.js")
        let tokens = try #require(object["tokens"] as? [[String: Any]])
        var expectedOffset = 0
        let utf16 = Array(Self.sample.utf16)
        for token in tokens {
            let offset = try #require(token["offset"] as? Int)
            let length = try #require(token["length"] as? Int)
            #expect(offset == expectedOffset, "no gap or overlap")
            #expect(length > 0)
            let scopes = try #require(token["scopes"] as? [String])
            #expect(scopes.first == "source.js")
            expectedOffset = offset + length
        }
        #expect(expectedOffset == utf16.count, "tokens cover the text, in UTF-16 units")
        // The keyword `let` on line 2 and the comment's scope, found by UTF-16 offset.
        func scopes(atUTF16 offset: Int) -> [String] {
            let token = tokens.first {
                ($0["offset"] as? Int ?? 0) <= offset
                    && offset < ($0["offset"] as? Int ?? 0) + ($0["length"] as? Int ?? 0)
            }
            return token?["scopes"] as? [String] ?? []
        }
        let letOffset = String(decoding: utf16, as: UTF16.self).utf16.distance(
            from: Self.sample.utf16.startIndex, to: try #require(Self.sample.range(of: "let")?.lowerBound))
        #expect(scopes(atUTF16: letOffset).last?.hasPrefix("storage.type") == true)
        let links = try #require(object["links"] as? [[String: Any]])
        #expect(links.first?["target"] as? String == "https://example.com/x")
        let linkOffset = try #require(links.first?["offset"] as? Int)
        #expect(
            String(decoding: utf16[linkOffset..<(linkOffset + 21)], as: UTF16.self) == "https://example.com/x"
        )
    }

    @Test func unknownLanguageIsPlainTextAndSaidOnStandardError() throws {
        let path = try BuiltBinary.temporaryFile(named: "notes.unknown-extension", "hello\n")
        let result = try BuiltBinary.run(["highlight", path, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("plain text"))
        #expect(result.standardOutput.contains("\"text.plain\""))
    }

    @Test func unreadableFileIsAClearErrorWithExitOne() throws {
        let result = try BuiltBinary.run(["highlight", "/nonexistent/file.rs"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot read /nonexistent/file.rs"))
    }

    @Test func ansiColourFollowsTheChoiceAndNoColor() throws {
        let path = try BuiltBinary.temporaryFile(named: "a.txt", "plain words\n")
        let always = try BuiltBinary.run(["highlight", path, "--color", "always"])
        #expect(always.standardOutput.contains("\u{1B}["))
        // Not a terminal: auto means no escapes; NO_COLOR too.
        let auto = try BuiltBinary.run(["highlight", path], environment: ["NO_COLOR": "1"])
        #expect(!auto.standardOutput.contains("\u{1B}["))
        #expect(auto.standardOutput == "plain words\n")
    }

    @Test func withoutColourTheOutputIsTheFileByteForByte() throws {
        let path = try BuiltBinary.temporaryFile(named: "sample.js", Self.sample)
        for arguments in [["--color", "never"], ["--color", "never", "--language", "rust"]] {
            let result = try BuiltBinary.run(["highlight", path] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == Self.sample)
        }
        // A language nobody serves is still said, even with nothing to colour.
        let unknown = try BuiltBinary.run(["highlight", path, "--color", "never", "--language", "nosuch"])
        #expect(unknown.standardError.contains("unknown language 'nosuch'"))
        #expect(unknown.standardOutput == Self.sample)
    }

    @Test func aThemeThatCannotBeBuiltFailsTheRunWithNothingPrinted() throws {
        let path = try BuiltBinary.temporaryFile(named: "sample.js", Self.sample)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // One file in colour, one without (the theme is unused, and still checked), a folder.
        for arguments in [[path, "--color", "always"], [path, "--color", "never"], [folder]] {
            let result = try BuiltBinary.run(["highlight"] + arguments + ["--theme", "no-such-theme"])
            #expect(result.status != 0, "\(arguments)")
            #expect(result.standardError.contains("unknown theme \"no-such-theme\""), "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
    }

    @Test func htmlIsAStandalonePageWithEscapedText() throws {
        let path = try BuiltBinary.temporaryFile(named: "page.txt", "<b>&</b>\n")
        let result = try BuiltBinary.run(["highlight", path, "--format", "html"])
        #expect(result.status == 0)
        #expect(result.standardOutput.lowercased().hasPrefix("<!doctype html>"))
        #expect(result.standardOutput.contains("&lt;b&gt;&amp;&lt;/b&gt;"))
    }

    @Test func wrapNeverBreaksInsideALinkThatFits() throws {
        let text = "see the page at https://example.com/some/path for details and more\n"
        let path = try BuiltBinary.temporaryFile(named: "wrap.txt", text)
        let result = try BuiltBinary.run(["highlight", path, "--wrap", "40", "--color", "never"])
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.contains { $0.contains("https://example.com/some/path") })
        #expect(lines.allSatisfy { $0.count <= 40 })
    }
}
