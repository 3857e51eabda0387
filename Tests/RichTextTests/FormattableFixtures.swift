/// FormattableContent written by hand from the format's description
/// (reference/formattable-content.md), with the outcome worked out by hand.
enum FormattableFixtures {
    /// The description's own example.
    static let example = """
        {"text": "This site was created by Author", "type": "site", "actions": {"follow": false},
         "ranges": [{"type": "site", "siteID": "some_id", "url": "https://www.wordpress.com", "indices": [0, 9]},
                    {"type": "user", "indices": [25, 31]}],
         "meta": {}}
        """

    /// A notification icon at the start (its glyph is U+F408, one UTF-16 unit) shifts the rest.
    static let noticonFirst = """
        {"text": "Alice liked your post Hello",
         "ranges": [{"type": "noticon", "indices": [0, 0], "value": "\\uf408"},
                    {"type": "user", "indices": [0, 5], "id": 7},
                    {"type": "post", "indices": [22, 27], "url": "https://a.blog/hello"}]}
        """
    static let noticonFirstRendered = """
        {"ranges":[{"indices":[0,1],"type":"noticon","value":"\u{f408}"},{"id":7,"indices":[1,6],"type":"user"},\
        {"indices":[23,28],"type":"post","url":"https://a.blog/hello"}],"text":"\u{f408}Alice liked your post Hello"}
        """

    /// Overlapping ranges: `strong` 0–8 and a link 5–13.
    static let overlapping = """
        {"text": "Bold and link", "ranges": [{"type": "strong", "indices": [0, 8]},
                                            {"type": "link", "indices": [5, 13], "url": "https://x.io"}]}
        """

    /// Non-BMP text before a range, and a non-BMP notification glyph (a bell, two units).
    static let nonBMP = """
        {"text": "😀 by Author", "ranges": [{"type": "user", "indices": [6, 12]},
                                          {"type": "noticon", "indices": [0, 0], "value": "🔔"}]}
        """

    /// Bad ranges: reversed, outside the text, inside the surrogate pair, no type, not two
    /// integers; the good one survives.
    static let bad = """
        {"text": "😀x", "ranges": [{"type": "user", "indices": [2, 1]}, {"type": "user", "indices": [0, 99]},
                                  {"type": "user", "indices": [1, 3]}, {"indices": [0, 1]},
                                  {"type": "user", "indices": [0]}, {"type": "user", "indices": [2, 3]}]}
        """

    /// Groups: a header group and a body group of two blocks.
    static let groups = """
        [{"kind": "header", "blocks": [{"text": "Bob", "ranges": [{"type": "user", "indices": [0, 3]}]}]},
         {"kind": "body", "blocks": [{"text": "said \\"hi\\"", "ranges": []},
                                    {"text": "x", "ranges": [{"type": "noticon", "indices": [0, 0], "value": "*"}]}]}]
        """
}
