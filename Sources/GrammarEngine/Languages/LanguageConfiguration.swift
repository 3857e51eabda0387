import Foundation
import JSONSyntax
import ResourceFiles

/// What an editor knows of a language beyond its grammar: its comment markers, its bracket
/// pairs and how its code folds — the parts of VS Code's `language-configuration.json` that a
/// highlighter uses.
///
/// Read tolerantly, as VS Code reads these files: JSON with comments and trailing commas, and a
/// field of an unexpected shape is left out rather than failing the whole file.
public struct LanguageConfiguration: Sendable, Hashable, Decodable {
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
            self = try JSONDecoder().decode(
                LanguageConfiguration.self, from: Data(JSONCSanitizer.sanitize(bytes)))
        } catch {
            throw .malformed(message: "\(url.path): \(error)")
        }
    }

    private enum Keys: String, CodingKey {
        case comments, brackets, colorizedBracketPairs, folding
        case lineComment, blockComment, offSide, markers, start, end, comment
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init()
        if let comments = try? container.nestedContainer(keyedBy: Keys.self, forKey: .comments) {
            // Newer VS Code also accepts `{"comment": "//", "noIndent": true}`.
            lineComment =
                (try? comments.decode(String.self, forKey: .lineComment))
                ?? (try? comments.nestedContainer(keyedBy: Keys.self, forKey: .lineComment).decode(
                    String.self, forKey: .comment))
            if let pair = try? comments.decode([String].self, forKey: .blockComment), pair.count == 2 {
                blockComment = BracketPair(open: pair[0], close: pair[1])
            }
        }
        brackets = Self.pairs(in: container, forKey: .brackets) ?? []
        colorizedBracketPairs = Self.pairs(in: container, forKey: .colorizedBracketPairs)
        if let folding = try? container.nestedContainer(keyedBy: Keys.self, forKey: .folding) {
            foldsByIndentation = (try? folding.decode(Bool.self, forKey: .offSide)) ?? false
            if let markers = try? folding.nestedContainer(keyedBy: Keys.self, forKey: .markers),
                let start = Self.pattern(in: markers, forKey: .start),
                let end = Self.pattern(in: markers, forKey: .end)
            {
                regionMarkers = RegionMarkers(start: start, end: end)
            }
        }
    }

    /// A list of two-string arrays; entries of another shape are skipped.
    private static func pairs(in container: KeyedDecodingContainer<Keys>, forKey key: Keys) -> [BracketPair]?
    {
        guard let items = try? container.decode([LenientPair].self, forKey: key) else { return nil }
        return items.compactMap(\.pair)
    }

    /// A marker pattern: a string, or `{"pattern": …}` as some configurations write it.
    private static func pattern(in container: KeyedDecodingContainer<Keys>, forKey key: Keys) -> String? {
        if let text = try? container.decode(String.self, forKey: key) { return text }
        struct Wrapped: Decodable { var pattern: String }
        return try? container.decode(Wrapped.self, forKey: key).pattern
    }

    private struct LenientPair: Decodable {
        var pair: BracketPair?

        init(from decoder: any Decoder) throws {
            let items = try? decoder.singleValueContainer().decode([String].self)
            if let items, items.count == 2, !items[0].isEmpty, !items[1].isEmpty, items[0] != items[1] {
                pair = BracketPair(open: items[0], close: items[1])
            }
        }
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
