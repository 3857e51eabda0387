import DocumentStorage
import JSONRPC
import RichText
import TextSegmentation

/// The rules the tests use, written as clients write them, and storages running them.
enum SpanFixtures {
    static let rulesJSON: JSONValue = [
        ["kind": "mention", "pattern": "@[A-Za-z0-9_]+", "atomic": true, "unbreakable": true],
        [
            "kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "atomic": true,
            "table": [
                "[赞]": ["image": "like.png", "text": "👍"], "[ok]": ["image": "ok.png"],
                "[e\u{301}😀]": ["text": "🙂"],
            ],
        ],
        ["kind": "shortcode", "pattern": ":[a-z0-9+]+:", "atomic": true, "table": [":+1:": ["text": "👍"]]],
        ["kind": "hashtag", "pattern": "#[A-Za-z0-9]+"],
    ]

    /// The same rules for the oracle (Swift Regex syntax is the same for these patterns).
    static let oracle = SpanOracle(rules: [
        .init(kind: "mention", pattern: "@[A-Za-z0-9_]+"),
        .init(
            kind: "shortcode", pattern: "\\[[^\\[\\]]+\\]",
            table: ["[赞]": "👍", "[ok]": "\u{FFFC}", "[e\u{301}😀]": "🙂"]),
        .init(kind: "shortcode", pattern: ":[a-z0-9+]+:", table: [":+1:": "👍"]),
        .init(kind: "hashtag", pattern: "#[A-Za-z0-9]+"),
    ])

    static func rules() throws -> [SpanRule] { try SpanRule.rules(from: rulesJSON) }

    /// A storage holding `text` with the link and span hooks, processed once.
    static func storage(_ text: String) throws -> TextStorage {
        let storage = TextStorage(text)
        storage.addHook(LinkDetectionHook())
        storage.addHook(SpanDetectionHook(rules: try rules()))
        storage.reprocess(storage.text.utf8Range)
        return storage
    }
}
