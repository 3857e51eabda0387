import Foundation
import JSONRPC
import TestSupport
import Testing
import TextLayout

/// `textStorage/layout` and `textStorage/didLayout`: the daemon's answers equal the layout
/// library's on the same text, in every unit, and a client applying the pushes holds the
/// layout of the text after every edit.
/// The font the layout requests name, and whether it is installed; under `CI=true` a missing
/// font fails the suite instead of skipping it.
private enum RequestedFont {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var present: Bool {
        FileManager.default.fileExists(atPath: sans) || ProcessInfo.processInfo.environment["CI"] == "true"
    }
}

@Suite(.enabled(if: RequestedFont.present, "DejaVu Sans is not installed (scripts/setup-system.sh)"))
struct LayoutProtocolTests {
    static let sans = RequestedFont.sans
    static let uri = "file:///story.txt"

    static func request(subscribe: Bool = false, clusters: Bool = false) -> JSONValue {
        [
            "uri": .string(uri), "containers": [["width": 150, "insets": ["left": 4, "right": 4]]],
            "fonts": ["primary": .string(sans), "size": 12],
            "paragraphStyle": [
                "lineSpacing": 2, "background": ["horizontalPadding": 3, "verticalPadding": 1],
            ],
            "clusters": .bool(clusters), "subscribe": .bool(subscribe),
        ]
    }

    /// The library's layout of `text` as the daemon should send it (UTF-16 ranges).
    static func expected(_ text: String, clusters: Bool) throws -> [JSONValue] {
        let layout = try ParagraphLayout(fonts: FontSet(primary: try LayoutFont(path: sans)), size: 12)
        let container = LayoutContainer(width: 150, insets: LayoutInsets(left: 4, right: 4))
        let style = ParagraphStyle(
            lineSpacing: 2,
            background: LineBackground(horizontalPadding: 3, verticalPadding: 1, cornerRadius: 0))
        return try layout.layout(text, in: [container], style: style).map { line in
            func range(_ range: Range<Int>) -> JSONValue {
                ["offset": .integer(range.lowerBound), "length": .integer(range.count)]
            }
            func rect(_ rect: LayoutRect) -> JSONValue {
                .array([.double(rect.x), .double(rect.y), .double(rect.width), .double(rect.height)])
            }
            var object: [String: JSONValue] = [
                "range": range(line.range.units), "rect": rect(line.rect), "baseline": .double(line.baseline),
                "fontSize": .double(line.fontSize), "container": .integer(line.container),
            ]
            if let background = line.background { object["background"] = rect(background) }
            if clusters {
                object["clusters"] = .array(
                    line.clusters.map { cluster in
                        var object: [String: JSONValue] = [
                            "range": range(cluster.range.units), "rect": rect(cluster.rect),
                        ]
                        if cluster.isRightToLeft { object["rtl"] = true }
                        return .object(object)
                    })
            }
            return .object(object)
        }
    }

    @Test(arguments: [("utf-16", 8), ("utf-8", 10), ("utf-32", 7)])
    func theAnswerIsTheLibrarysLayoutInTheNegotiatedUnit(encoding: String, firstLength: Int) throws {
        let transcript = Transcript(encoding: encoding)
        let text =
            "😀 word\nsecond paragraph of the story, long enough to wrap twice in the width\nשלום abc עולם\n"
        transcript.open(Self.uri, text)
        let answer = try transcript.request("textStorage/layout", Self.request(clusters: true)).get()
        let fragments = try #require(answer["fragments"]?.arrayValue)
        #expect(fragments.first?["range"] == ["offset": 0, "length": .integer(firstLength)])
        if encoding == "utf-16" {
            #expect(fragments == (try Self.expected(text, clusters: true)))
        }
        #expect(fragments.count == (try Self.expected(text, clusters: false)).count)
        #expect(fragments.count >= 5)
        // The right-to-left paragraph: its Hebrew clusters are marked, the Latin ones are not.
        let hebrew = try #require(fragments.last?["clusters"]?.arrayValue)
        #expect(
            hebrew.map { $0["rtl"] == true } == [
                true, true, true, true, true, false, false, false, true, true, true, true, true, true,
            ])
    }

    @Test func aForcedRightToLeftBaseAlignsEveryLineRight() throws {
        let transcript = Transcript()
        transcript.open(Self.uri, "latin words only\n")
        var request = Self.request().objectValue!
        request["paragraphStyle"] = ["baseDirection": "rtl"]
        let answer = try transcript.request("textStorage/layout", .object(request)).get()
        let fragments = try #require(answer["fragments"]?.arrayValue)
        let rect = try #require(fragments.first?["rect"]?.arrayValue?.compactMap(Self.number))
        // The container is 150 wide with 4 px insets: the line ends at 146.
        #expect(abs(rect[0] + rect[2] - 146) < 1e-6)
    }

    @Test func aSubscribedClientHoldsTheLayoutAfterEveryEdit() throws {
        var random = SeededGenerator(fallback: 0x1A10)
        let transcript = Transcript()
        var text = "a story that is long enough to wrap\nin two paragraphs\n"
        transcript.open(Self.uri, text)
        let answer = try transcript.request(
            "textStorage/layout", Self.request(subscribe: true, clusters: true)
        ).get()
        var held = try #require(answer["fragments"]?.arrayValue)
        for version in 2..<40 {
            var units = Array(text.utf16)
            let offset = Int.random(in: 0...units.count, using: &random)
            let length = Int.random(in: 0...min(6, units.count - offset), using: &random)
            let inserted = ["x", " ", "word ", "\n", "more words here ", "", "שלום ", "עולם"].randomElement(
                using: &random)!
            units.replaceSubrange(offset..<(offset + length), with: Array(inserted.utf16))
            text = String(decoding: units, as: UTF16.self)
            let sent = transcript.notify(
                "textStorage/edit",
                [
                    "uri": .string(Self.uri), "version": .integer(version),
                    "edits": [
                        ["offset": .integer(offset), "length": .integer(length), "text": .string(inserted)]
                    ],
                ])
            let pushes = sent.compactMap { message -> JSONValue? in
                if case .notification("textStorage/didLayout", let params?) = message { return params }
                return nil
            }
            #expect(pushes.count == 1)
            let push = try #require(pushes.first)
            #expect(push["version"] == .integer(version))
            // The client rule: replace, then move the lines after (ranges and y coordinates).
            let start = try #require(push["start"]?.intValue)
            let deleteCount = try #require(push["deleteCount"]?.intValue)
            let rangeDelta = try #require(push["rangeDelta"]?.intValue)
            let yDelta = try #require(push["yDelta"].flatMap(Self.number))
            let after = held[(start + deleteCount)...].map { Self.moved($0, range: rangeDelta, y: yDelta) }
            held = Array(held[..<start]) + (push["fragments"]?.arrayValue ?? []) + after
            let expected = try Self.expected(text, clusters: true)
            #expect(
                held.count == expected.count && zip(held, expected).allSatisfy(Self.nearlyEqual),
                "after version \(version): \(text.debugDescription)")
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .double(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }

    /// A line as the client moves it: ranges by `range` units, every y by `y` pixels.
    static func moved(_ line: JSONValue, range: Int, y: Double) -> JSONValue {
        func movedRange(_ value: JSONValue) -> JSONValue {
            ["offset": .integer(value["offset"]!.intValue! + range), "length": value["length"]!]
        }
        func movedRect(_ value: JSONValue) -> JSONValue {
            var items = value.arrayValue!
            items[1] = .double(number(items[1])! + y)
            return .array(items)
        }
        var object = line.objectValue!
        object["range"] = movedRange(object["range"]!)
        object["rect"] = movedRect(object["rect"]!)
        object["baseline"] = .double(number(object["baseline"]!)! + y)
        if let background = object["background"] { object["background"] = movedRect(background) }
        if let clusters = object["clusters"]?.arrayValue {
            object["clusters"] = .array(
                clusters.map { cluster in
                    var moved = cluster.objectValue!
                    moved["range"] = movedRange(cluster["range"]!)
                    moved["rect"] = movedRect(cluster["rect"]!)
                    return .object(moved)
                })
        }
        return .object(object)
    }

    /// Equal JSON, numbers within a millionth (the client's moved y against the server's pen
    /// plus the line's offset).
    static func nearlyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(nearlyEqual)
        case (.object(let x), .object(let y)):
            return Set(x.keys) == Set(y.keys) && x.allSatisfy { key, value in nearlyEqual(value, y[key]!) }
        default:
            guard let x = number(a), let y = number(b) else { return a == b }
            return abs(x - y) <= 1e-6 * max(1, abs(x))
        }
    }

    @Test(
        arguments: [
            ["containers": []], ["containers": [["width": 0]]], ["containers": [["width": "wide"]]],
            ["containers": [["width": 100, "exclusions": [["circle": [0, 0, 1, 1]]]]]],
            ["containers": [["width": 100]], "fonts": ["primary": "/nonexistent.ttf", "size": 12]],
            ["containers": [["width": 100]], "fonts": ["primary": "DejaVu Sans", "size": -1]],
            [
                "containers": [["width": 100]], "fonts": ["primary": "DejaVu Sans", "size": 12],
                "paragraphStyle": ["fit": [30, 10]],
            ],
            [
                "containers": [["width": 100]], "fonts": ["primary": "DejaVu Sans", "size": 12],
                "paragraphStyle": ["baseDirection": "up"],
            ],
        ] as [JSONValue])
    func badParamsAreRefusedAndChangeNothing(_ extra: JSONValue) throws {
        let transcript = Transcript()
        transcript.open(Self.uri, "text")
        _ = try transcript.request("textStorage/layout", Self.request(subscribe: true)).get()
        var params = extra.objectValue!
        params["uri"] = .string(Self.uri)
        if params["fonts"] == nil { params["fonts"] = ["primary": .string(Self.sans), "size": 12] }
        let result = transcript.request("textStorage/layout", .object(params))
        guard case .failure(let error) = result else {
            Issue.record("expected an error for \(extra)")
            return
        }
        #expect(error.code == -32602)
        #expect(transcript.attributes(Self.uri)?["version"] == 1)
        // The subscription made before the bad request still holds.
        let sent = transcript.notify(
            "textStorage/edit",
            ["uri": .string(Self.uri), "version": 2, "edits": [["offset": 4, "length": 0, "text": " more"]]])
        let pushes = sent.filter {
            if case .notification("textStorage/didLayout", _) = $0 { return true }
            return false
        }
        #expect(pushes.count == 1)
    }
}
