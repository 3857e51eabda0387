import Foundation
import JSONSyntax
import ResourceFiles

/// What an editor knows of a language beyond its grammar: its comment markers, its bracket
/// pairs and how its code folds — the parts of VS Code's `language-configuration.json` that a
/// highlighter uses.
///
/// Read tolerantly, as VS Code reads these files: JSON with comments and trailing commas, and a
/// field of an unexpected shape is left out rather than failing the whole file.
public struct LanguageConfiguration: Sendable, Hashable {
    /// The line comment marker (`//`), if any.
    public var lineComment: String?
    /// The block comment markers (`/*`, `*/`), if any.
    public var blockComment: BracketPair?
    /// The language's bracket pairs (`brackets`), for matching.
    public var brackets: [BracketPair]
    /// The pairs colourized by nesting depth (`colorizedBracketPairs`); nil: the `brackets`.
    public var colorizedBracketPairs: [BracketPair]?
    /// Whether blocks end where the indentation does (`folding.offSide`: Python, YAML).
    public var foldsByIndentation: Bool
    /// The region markers (`folding.markers`): regular expressions (Oniguruma syntax) that a
    /// line matching starts or ends a foldable region (`#region`, `// #endregion`).
    public var regionMarkers: RegionMarkers?

    /// A region marker pair.
    public struct RegionMarkers: Sendable, Hashable {
        /// The pattern of a line starting a region.
        public var start: String
        /// The pattern of a line ending one.
        public var end: String

        /// Creates markers.
        public init(start: String, end: String) {
            self.start = start
            self.end = end
        }
    }

    /// A configuration with the given parts.
    public init(
        lineComment: String? = nil, blockComment: BracketPair? = nil, brackets: [BracketPair] = [],
        colorizedBracketPairs: [BracketPair]? = nil, foldsByIndentation: Bool = false,
        regionMarkers: RegionMarkers? = nil
    ) {
        self.lineComment = lineComment
        self.blockComment = blockComment
        self.brackets = brackets
        self.colorizedBracketPairs = colorizedBracketPairs
        self.foldsByIndentation = foldsByIndentation
        self.regionMarkers = regionMarkers
    }

    /// The pairs bracket colourization and matching use: `colorizedBracketPairs` when the
    /// language names them, else its `brackets`.
    public var pairs: [BracketPair] { colorizedBracketPairs ?? brackets }

    /// Reads a `language-configuration.json` file (at most `ResourceFile.maximumSize` bytes).
    public init(contentsOf url: URL) throws(GrammarError) {
        let bytes: [UInt8]
        do {
            bytes = try ResourceFile.contents(of: url)
        } catch {
            throw GrammarError(error)
        }
        do {
            self.init(json: try JSONValue(parsing: JSONCSanitizer.sanitize(bytes)))
        } catch {
            throw .malformed(message: "\(url.path): \(error)")
        }
    }

    /// The configuration a parsed `language-configuration.json` describes. Every part is
    /// optional and a part of another shape is left out, so this never fails; a value that is
    /// not an object describes nothing.
    public init(json: JSONValue) {
        self.init()
        if let comments = json["comments"] {
            // Newer VS Code also accepts `{"comment": "//", "noIndent": true}`.
            lineComment =
                comments["lineComment"]?.stringValue ?? comments["lineComment"]?["comment"]?.stringValue
            if let pair = Self.strings(comments["blockComment"]), pair.count == 2 {
                blockComment = BracketPair(open: pair[0], close: pair[1])
            }
        }
        brackets = Self.pairs(json["brackets"]) ?? []
        colorizedBracketPairs = Self.pairs(json["colorizedBracketPairs"])
        if let folding = json["folding"] {
            foldsByIndentation = folding["offSide"]?.boolValue ?? false
            if let markers = folding["markers"], let start = Self.pattern(markers["start"]),
                let end = Self.pattern(markers["end"])
            {
                regionMarkers = RegionMarkers(start: start, end: end)
            }
        }
    }

    /// An array of strings, or nil if the value is anything else.
    private static func strings(_ value: JSONValue?) -> [String]? {
        guard let items = value?.arrayValue else { return nil }
        var strings: [String] = []
        for item in items {
            guard let string = item.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// A list of two-string arrays; entries of another shape, empty or with equal sides are
    /// skipped.
    private static func pairs(_ value: JSONValue?) -> [BracketPair]? {
        guard let items = value?.arrayValue else { return nil }
        return items.compactMap { item in
            guard let pair = strings(item), pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty,
                pair[0] != pair[1]
            else { return nil }
            return BracketPair(open: pair[0], close: pair[1])
        }
    }

    /// A marker pattern: a string, or `{"pattern": …}` as some configurations write it.
    private static func pattern(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?["pattern"]?.stringValue
    }
}

/// An opening and a closing bracket, such as `(` and `)` or `begin` and `end`.
public struct BracketPair: Sendable, Hashable {
    /// The opening text.
    public var open: String
    /// The closing text.
    public var close: String

    /// Creates a pair.
    public init(open: String, close: String) {
        self.open = open
        self.close = close
    }
}
