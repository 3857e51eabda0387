import DaemonCore
import Foundation
import JSONRPC
import TestSupport
import Testing

/// VS Code extensions over the protocol: `extensionPaths`, `fileAssociations`, theme labels,
/// the `languages` list and `textStorage/language`.
@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct ExtensionProtocolTests {
    static func extensions(_ name: String) throws -> JSONValue {
        .string(try TestData.url("vscode-extensions/\(name)").path)
    }

    static func open(_ transcript: Transcript, _ uri: String, _ text: String, language: String = "") {
        transcript.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": .string(language), "version": 1, "text": .string(text),
                ]
            ])
    }

    static func language(_ transcript: Transcript, _ uri: String, position: (Int, Int)? = nil) -> JSONValue? {
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri)]]
        if let position {
            params["position"] = ["line": .integer(position.0), "character": .integer(position.1)]
        }
        return try? transcript.request("textStorage/language", .object(params)).get()
    }

    @Test func initializeListsTheExtensionsLanguagesAndTheirDocumentsAreHighlighted() throws {
        let fresh = Transcript(options: ["extensionPaths": [try Self.extensions("vscode-zig")]])
        Self.open(fresh, "file:///src/main.zig", "const x = 1;\n")
        Self.open(fresh, "file:///src/init.lua", "local x = 1\n", language: "lua")
        let zig = Self.language(fresh, "file:///src/main.zig")
        #expect(zig?["languageId"] == "zig" && zig?["scopeName"] == "source.zig")
        let lua = Self.language(fresh, "file:///src/init.lua")
        #expect(lua?["languageId"] == .null && lua?["scopeName"] == .null)
        let runs = fresh.attributes("file:///src/main.zig")?["runs"]?.arrayValue ?? []
        #expect(runs.count > 1, "the zig document has more than one style")
    }

    @Test func anExtensionsLanguageConfigurationGivesCommentsBracketsAndRegionMarkers() throws {
        let fresh = Transcript(options: ["extensionPaths": [try Self.extensions("vscode-zig")]])
        // vscode-zig's language-configuration.json: `//` comments, three bracket pairs, and
        // `// zig fmt: off` … `// zig fmt: on` as region markers.
        let text = "fn f() void {\n    // zig fmt: off\n    const a = .{ 1,2 };\n    // zig fmt: on\n}\n"
        Self.open(fresh, "file:///src/fmt.zig", text)
        let answer = Self.language(fresh, "file:///src/fmt.zig")
        #expect(answer?["comments"]?["lineComment"] == "//")
        #expect(answer?["comments"]?["blockComment"] == .null)
        #expect(answer?["brackets"] == [["{", "}"], ["[", "]"], ["(", ")"]])
        let folds = try fresh.request(
            "textDocument/foldingRange", ["textDocument": ["uri": "file:///src/fmt.zig"]]
        ).get()
        #expect(
            folds.arrayValue?.contains { $0 == ["startLine": 1, "endLine": 3, "kind": "region"] } == true)
        let pushes = HostileClientTests.notifications("textStorage/didProcessEditing", in: fresh.sent)
        let brackets = pushes.flatMap { $0["changes"]?.arrayValue ?? [] }.flatMap {
            $0["brackets"]?.arrayValue ?? []
        }
        #expect(brackets.map { $0["depth"] } == [0, 0, 0, 1, 1, 0])
    }

    @Test func theInitializeResultNamesEachLanguageWithItsFiles() throws {
        let transcript = Transcript.uninitialized()
        let answer = try transcript.request(
            "initialize",
            [
                "capabilities": [:],
                "initializationOptions": ["extensionPaths": [try Self.extensions("rainbow-csv")]],
            ]
        ).get()
        let languages =
            answer["capabilities"]?["experimental"]?["textStorage"]?["languages"]?.arrayValue ?? []
        let tsv = languages.first { $0["id"] == "tsv" }
        #expect(tsv?["scopeName"] == "text.tsv")
        #expect(tsv?["extensions"] == [".tsv", ".tab"])
        #expect(tsv?["source"]?.stringValue?.hasSuffix("rainbow-csv") == true)
    }

    @Test func theInitializeResultListsTheBundledThemesAndTheExtensionsOnes() throws {
        let transcript = Transcript.uninitialized()
        let answer = try transcript.request(
            "initialize",
            [
                "capabilities": [:],
                "initializationOptions": ["extensionPaths": [try Self.extensions("night-owl")]],
            ]
        ).get()
        let themes = answer["capabilities"]?["experimental"]?["textStorage"]?["themes"]?.arrayValue ?? []
        #expect(themes.prefix(2).map { $0["label"] } == ["dark", "light"])
        #expect(themes.prefix(2).allSatisfy { $0["source"] == "bundled" })
        let light = themes.first { $0["label"] == "Night Owl Light" }
        #expect(light?["type"] == "light")
        #expect(light?["source"]?.stringValue?.hasSuffix("night-owl") == true)
        #expect(themes.first { $0["label"] == "Night Owl" }?["type"] == "dark")
        #expect(themes.count == 6)
    }

    @Test func aFileAssociationWinsOverTheClientsLanguageIdAndTheFileName() throws {
        let transcript = Transcript(options: [
            "extensionPaths": [try Self.extensions("vscode-zig")], "fileAssociations": ["*.conf": "zig"],
        ])
        Self.open(transcript, "file:///etc/app.conf", "const x = 1;\n", language: "ini")
        #expect(Self.language(transcript, "file:///etc/app.conf")?["languageId"] == "zig")
    }

    @Test func theLanguageAtAPositionInsideAFencedBlockIsTheFencesLanguage() throws {
        let transcript = Transcript(options: [
            "extensionPaths": [try Self.extensions("vscode-zig")],
            "grammarPaths": [.string(TestData.projectRoot.appendingPathComponent("Grammars/Languages").path)],
        ])
        Self.open(
            transcript, "file:///notes.md", "# Notes\n\n```zig\nconst x = 1;\n```\n", language: "markdown")
        #expect(Self.language(transcript, "file:///notes.md", position: (3, 2))?["languageId"] == "zig")
        #expect(Self.language(transcript, "file:///notes.md", position: (0, 2))?["languageId"] == "markdown")
    }

    @Test func theLanguageFarDownALargeDocumentIsRightBeforeBackgroundHighlightingGetsThere() throws {
        let transcript = Transcript(options: [
            "extensionPaths": [try Self.extensions("vscode-zig")],
            "grammarPaths": [.string(TestData.projectRoot.appendingPathComponent("Grammars/Languages").path)],
        ])
        // A fence opened early and closed late: only a highlight of every line before the
        // position knows the text there is inside it.
        let body = (0..<5_000).map { "const v\($0) = \($0);" }.joined(separator: "\n")
        Self.open(
            transcript, "file:///long.md", "# Long\n\n```zig\n" + body + "\n```\n\nafter\n",
            language: "markdown")
        #expect(Self.language(transcript, "file:///long.md", position: (4_000, 2))?["languageId"] == "zig")
        #expect(
            Self.language(transcript, "file:///long.md", position: (5_005, 1))?["languageId"] == "markdown")
    }

    @Test func aThemeIsChosenByItsExtensionLabel() throws {
        let transcript = Transcript.uninitialized()
        let accepted = transcript.request(
            "initialize",
            [
                "capabilities": [:],
                "initializationOptions": [
                    "extensionPaths": [try Self.extensions("night-owl")], "theme": "Night Owl",
                ],
            ])
        #expect(
            (try? accepted.get())?["capabilities"]?["experimental"]?["textStorage"]?["theme"] == "Night Owl")
        let refused = Transcript.uninitialized().request(
            "initialize", ["capabilities": [:], "initializationOptions": ["theme": "Night Owl"]])
        #expect((try? refused.get()) == nil, "without the extension the label is unknown")
    }

    @Test func changingTheExtensionsRehighlightsOpenDocumentsAndABadThemeChangesNothing() throws {
        let transcript = Transcript()
        Self.open(transcript, "file:///main.zig", "const x = 1;\n")
        #expect(Self.language(transcript, "file:///main.zig")?["scopeName"] == .null)
        transcript.notify(
            "workspace/didChangeConfiguration",
            ["settings": ["highlightd": ["extensionPaths": [try Self.extensions("vscode-zig")]]]])
        #expect(Self.language(transcript, "file:///main.zig")?["scopeName"] == "source.zig")
        let sent = transcript.notify(
            "workspace/didChangeConfiguration",
            ["settings": ["highlightd": ["extensionPaths": [], "theme": "No Such Theme"]]])
        #expect(Transcript.rejections(in: sent).count == 1)
        #expect(
            Self.language(transcript, "file:///main.zig")?["scopeName"] == "source.zig",
            "a refused change changes nothing")
        transcript.notify(
            "workspace/didChangeConfiguration", ["settings": ["highlightd": ["extensionPaths": []]]])
        #expect(Self.language(transcript, "file:///main.zig")?["scopeName"] == .null)
    }

    @Test func extremePositionsInAHighlightedDocumentAreAnsweredNotTrapped() throws {
        let transcript = Transcript(options: ["extensionPaths": [try Self.extensions("vscode-zig")]])
        Self.open(transcript, "file:///main.zig", "const x = 1;\nconst y = \"é\";\n")
        for (line, character) in [(Int.max, 0), (0, Int.max), (Int.max, Int.max), (1, 11), (2, 0), (99, 3)] {
            var params: [String: JSONValue] = ["textDocument": ["uri": "file:///main.zig"]]
            params["position"] = ["line": .integer(line), "character": .integer(character)]
            let answer = transcript.request("textStorage/language", .object(params))
            if case .failure(let error) = answer { #expect(error.code == -32602, "\(line), \(character)") }
        }
        for value in [JSONValue.integer(-1), .string("1"), .null, .double(1.5)] {
            let answer = transcript.request(
                "textStorage/language",
                ["textDocument": ["uri": "file:///main.zig"], "position": ["line": value, "character": 0]])
            guard case .failure(let error) = answer else {
                Issue.record("\(value) accepted as a line")
                continue
            }
            #expect(error.code == -32602)
        }
        #expect(Self.language(transcript, "file:///main.zig", position: (0, 2))?["languageId"] == "zig")
    }

    @Test func filesAClientNamesAsExtensionsAreRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder.make()
        let fifo = folder.appendingPathComponent("pipe.vsix").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let transcript = Transcript(options: [
            "extensionPaths": [.string(fifo), "/dev/zero", "/proc/self/fd/1", .string(folder.path)]
        ])
        // It answered initialize without blocking on the FIFO, and works.
        Self.open(transcript, "file:///a.txt", "hello\n")
        #expect(Self.language(transcript, "file:///a.txt")?["scopeName"] == .null)
    }

    @Test func fileAssociationsAreBoundedInCountAndLength() throws {
        var many: [String: JSONValue] = [:]
        for index in 0...100 { many["*.x\(index)"] = "zig" }
        let long: JSONValue = .object([String(repeating: "*a", count: 600): "zig"])
        for associations in [JSONValue.object(many), long] {
            let answer = Transcript.uninitialized().request(
                "initialize",
                ["capabilities": [:], "initializationOptions": ["fileAssociations": associations]])
            guard case .failure(let error) = answer else {
                Issue.record("accepted")
                continue
            }
            #expect(error.code == -32602)
            #expect(error.message.contains("fileAssociations"))
        }
    }

    @Test func badExtensionSettingsAreRefusedNamingTheField() throws {
        for (options, field) in [
            (["vscodeExtensions": JSONValue.string("sometimes")], "vscodeExtensions"),
            (["fileAssociations": ["*.x": 3]], "fileAssociations"),
            (["extensionPaths": [3]], "extensionPaths"),
        ] as [([String: JSONValue], String)] {
            let answer = Transcript.uninitialized().request(
                "initialize", ["capabilities": [:], "initializationOptions": .object(options)])
            guard case .failure(let error) = answer else {
                Issue.record("\(options) was accepted")
                continue
            }
            #expect(error.code == -32602)
            #expect(error.message.contains(field))
        }
    }
}
