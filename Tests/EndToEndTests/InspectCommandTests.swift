import Foundation
import Testing

/// `highlightd inspect FILE LINE:COLUMN`: the daemon's answer about one character, for people
/// and as JSON; columns count characters, so one after an emoji lands where an editor shows it.
@Suite struct InspectCommandTests {
    static let source = "// 😀 note\nlet s = \"é words\";\n"

    @Test func thePeopleFormatListsTheScopesInnermostFirst() throws {
        let path = try BuiltBinary.temporaryFile(named: "a.js", Self.source)
        let result = try BuiltBinary.run(["inspect", path, "2:12"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("text        \"é words\""))
        #expect(lines.contains("token kind  string"))
        #expect(lines.contains("language    javascript"))
        let string = try #require(lines.firstIndex { $0.hasPrefix("  string.quoted.double") })
        let root = try #require(lines.firstIndex(of: "  source.js"))
        #expect(string < root)
    }

    @Test func jsonGivesTheTokenAfterAnEmojiByCharacters() throws {
        let path = try BuiltBinary.temporaryFile(named: "a.js", Self.source)
        let result = try BuiltBinary.run(["inspect", path, "1:6", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(answer["tokenKind"] as? String == "comment")
        #expect((answer["scopes"] as? [String])?.last?.hasPrefix("comment.line.double-slash") == true)
        #expect(answer["themeRule"] as? String == "comment")
    }

    @Test func aPlaceOutsideTheFileIsAClearError() throws {
        let path = try BuiltBinary.temporaryFile(named: "a.js", Self.source)
        for place in ["9:1", "2:80", "0:1", "2"] {
            let result = try BuiltBinary.run(["inspect", path, place])
            #expect(result.status != 0, "\(place)")
            #expect(!result.standardError.isEmpty, "\(place)")
        }
    }
}
