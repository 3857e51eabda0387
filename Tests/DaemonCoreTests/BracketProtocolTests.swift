import Foundation
import JSONRPC
import Testing

/// Bracket pairs as a client sees them: pushed `brackets` with colour styles, style kinds,
/// `textStorage/matchBracket`, the option that turns them off, and region markers.
struct BracketProtocolTests {
    static func pushes(_ transcript: Transcript) -> [JSONValue] {
        HostileClientTests.notifications("textStorage/didProcessEditing", in: transcript.sent)
    }

    /// Every bracket pushed so far, with the style definitions sent, as (offset, depth, colour).
    static func brackets(_ pushes: [JSONValue]) -> [(offset: Int, depth: Int, foreground: String)] {
        var styles: [String: JSONValue] = [:]
        for push in pushes { styles.merge(push["styles"]?.objectValue ?? [:]) { $1 } }
        var found: [(offset: Int, depth: Int, foreground: String)] = []
        for push in pushes {
            for change in push["changes"]?.arrayValue ?? [] {
                for bracket in change["brackets"]?.arrayValue ?? [] {
                    let style: JSONValue? = styles[String(bracket["style"]?.intValue ?? -1)]
                    let foreground: String = style?["foreground"]?.stringValue ?? "?"
                    found.append(
                        (bracket["offset"]?.intValue ?? -1, bracket["depth"]?.intValue ?? -2, foreground))
                }
            }
        }
        return found
    }

    @Test func pushedBracketsTakeTheThemesColourForTheirDepthAndUnexpectedOnesItsRed() {
        let transcript = Transcript(bundled: true)
        // Four levels against the dark theme's six colours; one stray `]`.
        transcript.open("file:///a.js", "f([{ g(1) }]);\n]\n", language: "javascript")
        let found = Self.brackets(Self.pushes(transcript))
        #expect(found.map(\.offset) == [1, 2, 3, 6, 8, 10, 11, 12, 15])
        #expect(found.map(\.depth) == [0, 1, 2, 3, 3, 2, 1, 0, -1])
        #expect(
            found.map(\.foreground) == [
                "#E5C07B", "#C792EA", "#61AFEF", "#56D4A8", "#56D4A8", "#61AFEF", "#C792EA", "#E5C07B",
                "#FF5F5F",
            ])
    }

    @Test func styleDefinitionsCarryTheKindSpellCheckingReads() {
        let transcript = Transcript(bundled: true)
        transcript.open("file:///a.js", "let s = 'word'; // note\n", language: "javascript")
        var kinds: Set<String> = []
        for push in Self.pushes(transcript) {
            for (_, style) in push["styles"]?.objectValue ?? [:] {
                if let kind = style["kind"]?.stringValue { kinds.insert(kind) }
            }
        }
        #expect(kinds.isSuperset(of: ["comment", "string", "other"]))
    }

    @Test func matchBracketAnswersThePartnerInTheNegotiatedUnitAndNullWhereThereIsNone() throws {
        let transcript = Transcript(encoding: "utf-16", bundled: true)
        // `é` and `😀` (one and two UTF-16 units) before the pair move UTF-8 and UTF-16 apart.
        transcript.open("file:///a.js", "s = 'é😀'; f(\")\", x);\n", language: "javascript")
        let answer = try transcript.request(
            "textStorage/matchBracket", ["uri": "file:///a.js", "offset": 12]
        ).get()
        #expect(
            answer == [
                "offset": 19, "partner": ["offset": 19, "length": 1], "bracket": ["offset": 12, "length": 1],
            ])
        let back = try transcript.request("textStorage/matchBracket", ["uri": "file:///a.js", "offset": 19])
            .get()
        #expect(back["offset"] == 12)
        let inString = try transcript.request(
            "textStorage/matchBracket", ["uri": "file:///a.js", "offset": 14]
        ).get()
        #expect(inString == .null)
    }

    @Test func bracketPairsOffSendsNoBracketsAndMatchesNothing() throws {
        let transcript = Transcript(options: ["bracketPairs": false], bundled: true)
        transcript.open("file:///a.js", "f(a[1]);\n", language: "javascript")
        #expect(Self.brackets(Self.pushes(transcript)).isEmpty)
        #expect(
            try transcript.request("textStorage/matchBracket", ["uri": "file:///a.js", "offset": 1]).get()
                == .null)
    }

    @Test func anUnmatchedBracketRenestsTheRestOfALargeDocumentInTheBackground() throws {
        let transcript = Transcript(bundled: true)
        let lines = 5_000
        transcript.open("file:///big.js", String(repeating: "f(a);\n", count: lines), language: "javascript")
        while transcript.server.runBackgroundSlice() {}
        transcript.server.flushBackgroundChanges()
        let opened = Self.pushes(transcript).count
        transcript.notify(
            "textStorage/edit",
            ["uri": "file:///big.js", "version": 2, "edits": [["offset": 0, "length": 0, "text": "{"]]])
        let transactionPush = Self.pushes(transcript)[opened]
        let inTransaction = Self.brackets([transactionPush])
        // The transaction pairs its window (and at most 2,000 lines), not the whole document.
        #expect(inTransaction.count < 2 * 2_001 + 1)
        #expect(inTransaction.allSatisfy { $0.depth == ($0.offset == 0 ? 0 : 1) })
        while transcript.server.runBackgroundSlice() {}
        transcript.server.flushBackgroundChanges()
        let after = Self.brackets(Array(Self.pushes(transcript)[opened...]))
        // Every pair of the document went to depth 1, each once.
        let renested = Set(after.filter { $0.depth == 1 }.map(\.offset))
        #expect(renested.count == 2 * lines)
    }

    @Test func depthChangesFarFromTheViewsWaitUntilAViewComesNear() throws {
        let transcript = Transcript(bundled: true)
        let lines = 3_000
        transcript.open("file:///big.js", String(repeating: "f(a);\n", count: lines), language: "javascript")
        // The view shows the first 40 lines (6 bytes each).
        transcript.notify(
            "textStorage/viewport", ["uri": "file:///big.js", "range": ["offset": 0, "length": 240]])
        while transcript.server.runBackgroundSlice() {}
        transcript.server.flushBackgroundChanges()
        let opened = Self.pushes(transcript).count
        transcript.notify(
            "textStorage/edit",
            ["uri": "file:///big.js", "version": 2, "edits": [["offset": 0, "length": 0, "text": "{"]]])
        while transcript.server.runBackgroundSlice() {}
        transcript.server.flushBackgroundChanges()
        // Only the brackets near the view (its 40 lines and 200 more) were pushed renested.
        let nearView = Self.brackets(Array(Self.pushes(transcript)[opened...]))
        #expect(nearView.contains { $0.offset == 2 && $0.depth == 1 })
        #expect(nearView.allSatisfy { $0.offset < 6 * 241 + 1 })
        // Scrolling to the end pushes the end's new depths.
        let scrolled = Self.pushes(transcript).count
        transcript.notify(
            "textStorage/viewport",
            ["uri": "file:///big.js", "range": ["offset": .integer(1 + 6 * (lines - 40)), "length": 240]])
        let atEnd = Self.brackets(Array(Self.pushes(transcript)[scrolled...]))
        let lastLine = 1 + 6 * (lines - 1)
        #expect(atEnd.contains { $0.offset == lastLine + 1 && $0.depth == 1 })
        // A full resync holds every bracket at its depth all along.
        let all = try transcript.request("textStorage/attributes", ["uri": "file:///big.js"]).get()
        let depths = (all["brackets"]?.arrayValue ?? []).compactMap { $0["depth"]?.intValue }
        #expect(depths.count == 2 * lines + 1 && depths.dropFirst().allSatisfy { $0 == 1 })
    }

    @Test(arguments: [
        ("rust", "use std::io;\nuse std::fs;\n\nfn main() {}\n"),
        ("python", "import os\nfrom sys import argv\nimport re\nx = 1\n"),
        ("c", "#include <stdio.h>\n#include \"a.h\"\nint x;\n"),
        ("javascript", "import a from \"a\";\nimport { b } from \"b\";\nconst use = 1;\n"),
    ])
    func runsOfImportLinesFoldAsImports(language: String, text: String) throws {
        let transcript = Transcript(bundled: true)
        transcript.open("file:///imports", text, language: language)
        let folds = try transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///imports"]]
        ).get()
        let imports = (folds.arrayValue ?? []).filter { $0["kind"] == "imports" }
        let lastImport = language == "python" ? 2 : 1
        #expect(imports == [["startLine": 0, "endLine": .integer(lastImport), "kind": "imports"]])
    }

    @Test func aVariableNamedLikeAnImportKeywordIsNoImport() throws {
        let transcript = Transcript(bundled: true)
        transcript.open("file:///a.js", "use(1);\nuse(2);\n", language: "javascript")
        let folds = try transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///a.js"]]
        ).get()
        #expect(!(folds.arrayValue ?? []).contains { $0["kind"] == "imports" })
    }

    @Test func regionMarkersOfTheLanguageFoldAsRegions() throws {
        let transcript = Transcript(bundled: true)
        let text = "// #region setup\nlet a = 1;\nlet b = 2;\n// #endregion\nf();\n"
        transcript.open("file:///a.js", text, language: "javascript")
        let folds = try transcript.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///a.js"]]
        ).get()
        #expect(folds == [["startLine": 0, "endLine": 3, "kind": "region"]])
    }
}
