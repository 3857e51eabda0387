import Foundation
import JSONRPC
import RichText
import Testing

@Suite("FormattableContent")
struct FormattableContentTests {
    static func read(_ text: String) throws -> (FormattableDocument, [FormattableContentError]) {
        var warnings: [FormattableContentError] = []
        let document = try FormattableDocument(
            json: try JSONValue(parsing: Data(text.utf8)), warnings: &warnings)
        return (document, warnings)
    }

    static func rendered(_ text: String) throws -> String {
        let document = try read(text).0.mapBlocks { $0.applyingInsertions() }
        return String(decoding: document.json.serialized(), as: UTF8.self)
    }

    @Test func theDescriptionsExampleKeepsItsRangesAndMembers() throws {
        let (document, warnings) = try Self.read(FormattableFixtures.example)
        #expect(warnings.isEmpty)
        let block = try #require(document.blocks.first)
        #expect(block.ranges.map(\.type) == ["site", "user"])
        #expect(block.ranges.map(\.indices) == [0..<9, 25..<31])
        #expect(block.ranges[0].fields["siteID"] == "some_id")
        #expect(block.otherMembers["actions"] == ["follow": false])
        let segments = FormattableContentFormatter().segments(of: block)
        #expect(segments.map(\.text) == ["This site", " was created by ", "Author"])
        #expect(segments[0].url == "https://www.wordpress.com")
        #expect(segments[0].attributes.color == FormattableContentStyles.standard.linksColor)
        #expect(segments[2].attributes.bold == true && segments[1].attributes.bold == nil)
    }

    @Test func aNotificationIconAtTheStartShiftsEveryLaterRange() throws {
        #expect(
            try Self.rendered(FormattableFixtures.noticonFirst) == FormattableFixtures.noticonFirstRendered)
    }

    @Test func overlappingRangesCombineTheirStylesLaterOnTop() throws {
        let block = try #require(try Self.read(FormattableFixtures.overlapping).0.blocks.first)
        let segments = FormattableContentFormatter().segments(of: block)
        #expect(segments.map(\.text) == ["Bold ", "and", " link"])
        #expect(segments.map(\.attributes.bold) == [true, true, nil])
        #expect(segments.map(\.url) == [nil, "https://x.io", "https://x.io"])
    }

    @Test func nonBMPTextCountsInUTF16AndANonBMPGlyphShiftsByTwo() throws {
        let rendered = try Self.rendered(FormattableFixtures.nonBMP)
        #expect(
            rendered
                == #"{"ranges":[{"indices":[8,14],"type":"user"},{"indices":[0,2],"type":"noticon","value":"🔔"}],"text":"🔔😀 by Author"}"#
        )
        let block = try #require(try Self.read(FormattableFixtures.nonBMP).0.blocks.first)
        #expect(FormattableContentFormatter().segments(of: block).last?.text == "Author")
    }

    @Test func badRangesAreSkippedWithAWarningNamingThem() throws {
        let (document, warnings) = try Self.read(FormattableFixtures.bad)
        #expect(document.blocks.first?.ranges.map(\.indices) == [2..<3])
        #expect(
            warnings.map(\.description) == [
                ".ranges[0]: (user) indices [2, 1] are reversed",
                ".ranges[1]: (user) indices [0, 99] are outside the text (3 UTF-16 units)",
                ".ranges[2]: (user) index 1 is inside a surrogate pair",
                ".ranges[3]: type must be a non-empty string",
                ".ranges[4]: (user) indices must be two integers [start, end]",
            ])
        #expect(throws: FormattableContentError.self) { try Self.read(#"{"ranges": []}"#) }
        #expect(throws: FormattableContentError.self) { try Self.read(#"[{"text": 3}]"#) }
    }

    @Test func groupsKeepTheirShapeAndQuotesAreStyled() throws {
        let rendered = try Self.rendered(FormattableFixtures.groups)
        #expect(rendered.contains(#""kind":"body""#) && rendered.contains(#""text":"*x""#))
        let (document, _) = try Self.read(FormattableFixtures.groups)
        #expect(document.blocks.count == 3)
        let quoted = FormattableContentFormatter().segments(of: document.blocks[1])
        #expect(quoted.map(\.text) == ["said ", "\"hi\""])
        #expect(quoted.map(\.attributes.italic) == [nil, true])
        let html = FormattableHTMLWriter().page(document, formatter: FormattableContentFormatter())
        #expect(html.contains("<section class=\"group\" data-kind=\"header\">"))
        #expect(html.contains("&quot;hi&quot;"))
    }
}
