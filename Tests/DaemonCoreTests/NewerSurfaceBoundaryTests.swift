import Foundation
import JSONRPC
import Testing

/// The boundary values of `BoundaryValueTests`, in every numeric field of the methods added
/// after it (semantic token ranges, layout, selection, conversion, inspection): each message gets
/// an answer, never a trap, and the document stays as it was. The fields are found by walking
/// each message, so a field added to a template is covered without another line here.
/// (`semanticTokens/range` with `Int.max` lines killed the daemon at 0b38690.)
@Suite struct NewerSurfaceBoundaryTests {
    static let uri = "file:///a.txt"
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static let templates: [(String, JSONValue)] = [
        (
            "textDocument/semanticTokens/range",
            [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 0, "character": 1], "end": ["line": 1, "character": 2]],
            ]
        ),
        (
            "textStorage/language",
            ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 1]]
        ),
        ("textStorage/inspect", ["uri": .string(uri), "offset": 1]),
        ("textStorage/matchBracket", ["uri": .string(uri), "offset": 1]),
        (
            "textStorage/adjustSelection",
            ["uri": .string(uri), "selection": ["offset": 1, "length": 0], "direction": "forward"]
        ),
        (
            "textStorage/convert",
            [
                "uri": .string(uri), "range": ["offset": 0, "length": 3], "to": "plain",
                "display": ["text": "ab", "attachments": [["offset": 0, "length": 1, "shortcode": "[ok]"]]],
            ]
        ),
        (
            "textStorage/layout",
            [
                "uri": .string(uri),
                "containers": [
                    [
                        "width": 200, "height": 100,
                        "insets": ["top": 1, "left": 2, "bottom": 3, "right": 4],
                        "exclusions": [["rect": [10, 10, 20, 20]], ["ellipse": [50, 0, 30, 30]]],
                    ]
                ],
                "fonts": ["primary": .string(sans), "size": 12],
                "paragraphStyle": [
                    "lineSpacing": 2, "fit": [10, 14],
                    "background": ["horizontalPadding": 3, "verticalPadding": 1, "cornerRadius": 2],
                ],
                "range": ["offset": 0, "length": 4], "clusters": true, "subscribe": true,
            ]
        ),
    ]

    enum Step: Hashable {
        case member(String)
        case element(Int)
    }

    /// The paths of every number inside `value`.
    static func numberPaths(_ value: JSONValue, at path: [Step] = []) -> [[Step]] {
        switch value {
        case .integer, .double: return [path]
        case .array(let items):
            return items.enumerated().flatMap { numberPaths($1, at: path + [.element($0)]) }
        case .object(let members): return members.flatMap { numberPaths($1, at: path + [.member($0)]) }
        default: return []
        }
    }

    /// `value` with the number at `path` replaced.
    static func replacing(_ path: ArraySlice<Step>, in value: JSONValue, with new: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        switch (step, value) {
        case (.member(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: new)
            return .object(members)
        case (.element(let index), .array(var items)):
            items[index] = replacing(path.dropFirst(), in: items[index], with: new)
            return .array(items)
        default: return value
        }
    }

    @Test(arguments: BoundaryValueTests.encodings)
    func everyNumericFieldTakesEveryHostileValue(encoding: String) {
        let transcript = Transcript(encoding: encoding)
        transcript.open(Self.uri, "ab\r\n日😀 [ok]\n")
        let before = transcript.attributes(Self.uri)
        var sent = 0
        for (method, template) in Self.templates {
            let paths = Self.numberPaths(template)
            #expect(!paths.isEmpty, "\(method) has numbers to try")
            for path in paths {
                for value in BoundaryValueTests.hostile {
                    let params = Self.replacing(path[...], in: template, with: value)
                    let answer = transcript.request(method, params)
                    if case .failure(let error) = answer {
                        #expect(error.code == -32602, "\(method) \(path) = \(value): \(error)")
                    }
                    sent += 1
                }
            }
        }
        #expect(sent > 200)
        #expect(transcript.attributes(Self.uri) == before, "no request changed the document")
    }
}
