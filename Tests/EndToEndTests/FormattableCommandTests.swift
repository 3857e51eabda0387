import Foundation
import Testing

@Suite struct FormattableCommandTests {
    static let example = """
        {"text": "This site was created by Author", "ranges": [
          {"type": "site", "siteID": "some_id", "url": "https://www.wordpress.com", "indices": [0, 9]},
          {"type": "user", "indices": [25, 31]}, {"type": "noticon", "indices": [0, 0], "value": "★"}]}
        """

    @Test func jsonPrintsTheRenderedTextAndShiftedRanges() throws {
        let path = try BuiltBinary.temporaryFile(named: "note.json", Self.example)
        let result = try BuiltBinary.run(["formattable", path, "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == #"{"ranges":[{"indices":[1,10],"siteID":"some_id","type":"site","url":"https://www.wordpress.com"},{"indices":[26,32],"type":"user"},{"indices":[0,1],"type":"noticon","value":"★"}],"text":"★This site was created by Author"}"#
                + "\n")
    }

    @Test func htmlAndANSIUseTheStylesFile() throws {
        let path = try BuiltBinary.temporaryFile(named: "note.json", Self.example)
        let styles = try BuiltBinary.temporaryFile(
            named: "styles.json",
            ##"{"attributes": {"color": "#101010"}, "rangeStylesMap": {"user": {"bold": true, "color": "#AA0000"}}, "linksColor": "#0000FF"}"##
        )
        let html = try BuiltBinary.run(["formattable", path, "--styles", styles, "--format", "html"])
        #expect(html.status == 0)
        #expect(
            html.standardOutput.contains(
                ##"<a href="https://www.wordpress.com"><span style="color:#0000FF">This site</span></a>"##))
        #expect(
            html.standardOutput.contains(##"<span style="color:#AA0000;font-weight:bold">Author</span>"##))
        #expect(html.standardError.contains(#"range type "noticon" has no style"#))
        let ansi = try BuiltBinary.run(["formattable", path, "--styles", styles, "--color", "always"])
        #expect(ansi.standardOutput.contains("\u{1B}[1;38;2;170;0;0mAuthor\u{1B}[0m"))
        let plain = try BuiltBinary.run(["formattable", path, "--color", "never"])
        #expect(plain.standardOutput == "★This site was created by Author\n")
    }

    @Test func badInputIsReportedNeverACrash() throws {
        let bad = try BuiltBinary.temporaryFile(
            named: "bad.json", #"{"text": "😀", "ranges": [{"type": "user", "indices": [1, 2]}]}"#)
        let result = try BuiltBinary.run(["formattable", bad, "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(".ranges[0]: skipped: (user) index 1 is inside a surrogate pair"))
        #expect(result.standardOutput == #"{"ranges":[],"text":"😀"}"# + "\n")
        let broken = try BuiltBinary.temporaryFile(named: "broken.json", #"{"ranges": []}"#)
        let failed = try BuiltBinary.run(["formattable", broken])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains(".text: must be a string"))
    }
}
