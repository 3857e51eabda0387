import Foundation
import GrammarEngine
import Testing
import ThemeEngine

@testable import Rendering

@Suite struct TokenJSONRendererTests {
    /// Decodes the renderer's output.
    func decode(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func offsetsAndLengthsAreUTF16CodeUnits() throws {
        // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units (a surrogate pair).
        let text = "é😀a\nb"
        let tokens = [
            DocumentToken(range: 0..<2, scopes: ["source.t", "string"]),
            DocumentToken(range: 2..<6, scopes: ["source.t", "keyword"]),
            DocumentToken(range: 6..<9, scopes: ["source.t"]),
        ]
        let json = TokenJSONRenderer(theme: RendererFixtures.theme).render(
            text: text, tokens: tokens, scopeName: "source.t")
        let object = try decode(json)
        #expect(object["scopeName"] as? String == "source.t")
        let entries = try #require(object["tokens"] as? [[String: Any]])
        #expect(entries.map { $0["offset"] as? Int } == [0, 1, 3])
        #expect(entries.map { $0["length"] as? Int } == [1, 2, 3])
        let covered = entries.compactMap { $0["length"] as? Int }.reduce(0, +)
        #expect(covered == text.utf16.count)
        #expect(entries[1]["scopes"] as? [String] == ["source.t", "keyword"])
        #expect(entries[1]["foreground"] as? String == "#C792EA")
        #expect(entries[1]["background"] as? String == "#101010")
        #expect(entries[1]["fontStyle"] as? String == "bold")
        #expect(entries[2]["fontStyle"] as? String == "")
    }

    @Test func everyTokenGetsOneEntryInDocumentOrderWithStableKeys() throws {
        let (text, tokens) = RendererFixtures.document()
        let json = TokenJSONRenderer(theme: RendererFixtures.theme).render(
            text: text, tokens: tokens, scopeName: nil)
        #expect(json.hasPrefix("{\"scopeName\":null,\"tokens\":[\n{\"offset\":0,\"length\":3,\"scopes\":["))
        let line = try #require(json.split(separator: "\n").dropFirst().first)
        let keys = ["offset", "length", "scopes", "foreground", "background", "fontStyle"]
        let positions = keys.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
        let entries = try #require(try decode(json)["tokens"] as? [[String: Any]])
        #expect(entries.count == tokens.count)
        let offsets = entries.compactMap { $0["offset"] as? Int }
        let lengths = entries.compactMap { $0["length"] as? Int }
        #expect(zip(offsets.dropFirst(), zip(offsets, lengths)).allSatisfy { $0 == $1.0 + $1.1 })
        #expect(lengths.reduce(0, +) == text.utf16.count)
        #expect(try decode(json)["links"] == nil)
    }

    @Test func linksAreReportedInUTF16WhenGiven() throws {
        let text = "😀 see https://example.com"
        let start = "😀 see ".utf8.count
        let json = TokenJSONRenderer(theme: RendererFixtures.theme).render(
            text: text, tokens: [DocumentToken(range: 0..<text.utf8.count, scopes: ["text"])],
            scopeName: "text",
            links: [RenderedLink(range: start..<text.utf8.count, target: "https://example.com")])
        let links = try #require(try decode(json)["links"] as? [[String: Any]])
        #expect(links.count == 1)
        #expect(links[0]["offset"] as? Int == 7)
        #expect(links[0]["length"] as? Int == 19)
        #expect(links[0]["target"] as? String == "https://example.com")
    }

    @Test func stringsAreEscapedAsJSON() throws {
        let json = TokenJSONRenderer(theme: RendererFixtures.theme).render(
            text: "", tokens: [], scopeName: "a\"b\\c\u{1}")
        #expect(json == "{\"scopeName\":\"a\\\"b\\\\c\\u0001\",\"tokens\":[]}\n")
        #expect(try decode(json)["scopeName"] as? String == "a\"b\\c\u{1}")
    }
}

/// Both JSON shapes' parts, tokens cut into parts written side by side (the compact shape's
/// stacks beside them), against one pass.
@Suite struct TokenJSONRendererPartsTests {
    static let links = [
        RenderedLink(range: 5..<40, target: "https://a.example/"),
        RenderedLink(range: 100_000..<100_020, target: "https://b.example/\"q\""),
    ]

    @Test(arguments: [2, 3, 8])
    func partsWrittenSideBySideAreThePassOverTheWhole(jobs: Int) throws {
        // Astral and two-byte characters, so that UTF-16 offsets differ from UTF-8 ones.
        var (text, tokens) = ANSIRendererPartsTests.document(lines: 30_000, seed: 34)
        text = text.replacingOccurrences(of: "ab c", with: "é😀 c")
        tokens = tokens.map {
            DocumentToken(
                range: $0.range.lowerBound..<min($0.range.upperBound, text.utf8.count), scopes: $0.scopes)
        }
        let theme = try Theme.builtIn(named: "dark")
        let parted = TokenJSONRenderer(theme: theme, jobs: jobs)
        let whole = TokenJSONRenderer(theme: theme, jobs: 1)
        for links in [nil, Self.links] {
            let parts = parted.renderParts(text: text, tokens: tokens, scopeName: "source.x", links: links)
            #expect(parts.count >= jobs)
            let single = whole.renderParts(text: text, tokens: tokens, scopeName: "source.x", links: links)
            // Cut into parts of a bounded number of tokens on one thread too (`OrderedParts`).
            #expect(
                single.count == (tokens.count + TokenJSONRenderer.tokensPerPart - 1)
                    / TokenJSONRenderer.tokensPerPart)
            // One thread's parts are the reference writer's output (`RendererEquivalenceTests`).
            #expect(parts.joinedBytes() == single.joinedBytes())
            let compactParts = parted.renderCompactParts(
                text: text, tokens: tokens, scopeName: "source.x", links: links)
            #expect(compactParts.count >= jobs + 1, "the stacks, then the tokens' parts")
            #expect(
                compactParts.joinedBytes()
                    == whole.renderCompactParts(
                        text: text, tokens: tokens, scopeName: "source.x", links: links
                    )
                    .joinedBytes())
        }
    }
}
