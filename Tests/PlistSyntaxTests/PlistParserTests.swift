import Foundation
import JSONSyntax
import PlistSyntax
import TestSupport
import Testing

/// A value tree that keeps dictionary order and duplicates, to see exactly what the parser built.
indirect enum Plist: Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case null
    case array([Plist])
    case dictionary([(String, Plist)])

    static func == (a: Plist, b: Plist) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

enum PlistBuilder: JSONBuilding {
    static func string(_ value: String) -> Plist { .string(value) }
    static func number(_ text: String, isInteger: Bool) -> Plist? {
        isInteger ? Int(text).map { .integer($0) } : Double(text).map { .real($0) }
    }
    static func bool(_ value: Bool) -> Plist { .bool(value) }
    static var null: Plist { .null }
    static func array(_ elements: [Plist]) -> Plist { .array(elements) }
    static func object(_ members: [(String, Plist)]) -> Plist { .dictionary(members) }
}

@Suite struct PlistParserTests {
    static func parse(_ text: String) throws -> Plist {
        try PlistParser<PlistBuilder>.parse(Array(text.utf8))
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        """

    @Test func everyKindOfValueInsideAPlistElement() throws {
        let value = try Self.parse(
            Self.header + """
                <plist version="1.0">
                <!-- a comment -->
                <dict>
                  <key>name</key><string>Ruby &amp; friends &lt;3 &#x1F600;&#65;</string>
                  <key>count</key><integer> 42 </integer>
                  <key>ratio</key><real>-1.5e2</real>
                  <key>on</key><true/>
                  <key>off</key><false></false>
                  <key>empty</key><string/>
                  <key>list</key><array><string>a</string><dict/><array/></array>
                  <key>raw</key><string><![CDATA[<b> & </b>]]> tail</string>
                  <key>when</key><date>2024-01-02T03:04:05Z</date>
                </dict>
                </plist>
                """)
        #expect(
            value
                == .dictionary([
                    ("name", .string("Ruby & friends <3 😀A")), ("count", .integer(42)),
                    ("ratio", .real(-150)),
                    ("on", .bool(true)), ("off", .bool(false)), ("empty", .string("")),
                    ("list", .array([.string("a"), .dictionary([]), .array([])])),
                    ("raw", .string("<b> & </b> tail")), ("when", .string("2024-01-02T03:04:05Z")),
                ]))
    }

    @Test func aRepeatedKeyKeepsItsFirstPlaceAndTakesTheLastValue() throws {
        let value = try Self.parse(
            "<dict><key>a</key><string>1</string><key>b</key><true/><key>a</key><string>2</string></dict>")
        #expect(value == .dictionary([("a", .string("2")), ("b", .bool(true))]))
    }

    @Test func aBareRootAndABOMAreAccepted() throws {
        #expect(
            try PlistParser<PlistBuilder>.parse([0xEF, 0xBB, 0xBF] + Array("<array/>".utf8)) == .array([]))
    }

    @Test(arguments: [
        ("", "no root value"),
        ("<plist></plist>", "holds no value"),
        ("<dict><key>a</key></dict>", "has no value"),
        ("<dict><string>x</string></dict>", "needs a <key>"),
        ("<array><string>x</array>", "inside <string>"),
        ("<string>x", "not closed"),
        ("<integer>12a</integer>", "not a number"),
        ("<integer></integer>", "not a number"),
        ("<real> 0\u{0}\u{0}9</real>", "not a number"),
        ("<true>yes</true>", "holds text"),
        ("<key>k</key>", "outside a dictionary"),
        ("<blob/>", "unknown element"),
        ("<string>&nbsp;</string>", "unknown entity"),
        ("<string>&#0;</string>", "bad character reference"),
        ("<string>a & b</string>", "unterminated reference"),
        ("<array/><array/>", "after the root"),
        ("<plist><array/><array/></plist>", "more than one value"),
        ("hello", "text where an element belongs"),
        ("<!-- open", "comment is not closed"),
        ("<string><![CDATA[x</string>", "CDATA section is not closed"),
        ("</array>", "closes nothing"),
    ])
    func malformedInputIsRefusedSayingWhy(input: String, reason: String) {
        #expect(throws: PlistSyntaxError.self) { try Self.parse(input) }
        do {
            _ = try Self.parse(input)
        } catch let error as PlistSyntaxError {
            #expect(error.message.contains(reason), "\(input): \(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func invalidUTF8IsRefusedBeforeAnythingIsRead() {
        #expect(throws: PlistSyntaxError.self) {
            try PlistParser<PlistBuilder>.parse(
                Array("<string>".utf8) + [0xFF, 0xFE] + Array("</string>".utf8))
        }
    }

    @Test func nestingPastTheLimitIsRefusedWithoutExhaustingTheStack() {
        let depth = PlistParser<PlistBuilder>.maximumDepth + 1
        let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        #expect(throws: PlistSyntaxError.self) { try Self.parse(text) }
        let allowed = depth - 1
        let fine =
            String(repeating: "<array>", count: allowed) + String(repeating: "</array>", count: allowed)
        #expect((try? Self.parse(fine)) != nil)
    }

    @Test func aReferenceIsLookedForOnlyAFewBytesAhead() {
        // A `;` far after the `&` does not end it: the scan for it stays short whatever follows.
        do {
            _ = try Self.parse("<string>&" + String(repeating: "a", count: 40) + ";</string>")
            Issue.record("a 40-byte reference was read")
        } catch let error as PlistSyntaxError {
            #expect(error.message.contains("unterminated reference"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
