import Highlighting
import JSONRPC
import TextRope

extension Server {
    /// `textDocument/foldingRange`: the document's multi-line regions as LSP folding ranges.
    ///
    /// From the grammar's state, every rule that begins on one line and ends on a later one
    /// (blocks, comments, strings, heredocs, fenced code): a comment folds to its last line,
    /// anything else to the line before its end, so a closing `}` (or `} else {`) stays in
    /// sight. Multi-line bracket pairs (the bracket layer's) add their lines the same way,
    /// for blocks the grammar matches brace by brace. Runs of import lines fold as `imports`. Markdown adds its sections (a heading to the next of its level); languages folded
    /// by indentation (`folding.offSide` in their configuration: Python, YAML) and plain text
    /// add, or get, the indentation's regions; the configuration's region markers
    /// (`// #region` … `// #endregion`) add regions of kind `region`, which win on their
    /// line. Otherwise one range per first line: the outermost.
    func foldingRanges(_ params: DocumentParams) -> [FoldingRange] {
        let document = params.document
        let text = document.storage.text
        var ranges: [LineIndex: FoldingRange] = [:]
        func add(_ range: FoldingRange) {
            guard range.end > range.start else { return }
            if let known = ranges[range.start], known.end >= range.end { return }
            ranges[range.start] = range
        }
        var grammarRegions: [GrammarRegion] = []
        if let highlighter = document.highlighter {
            grammarRegions = highlighter.grammarRegions(storage: document.storage)
            for region in grammarRegions {
                add(
                    FoldingRange(
                        start: region.start, end: region.isComment ? region.end : region.end - 1,
                        kind: region.isComment ? .comment : nil))
            }
            for region in ImportRegions.regions(of: document.storage, highlighter: highlighter) {
                add(FoldingRange(start: region.start, end: region.end, kind: .imports))
            }
            // Multi-line bracket pairs fold like blocks, to the line before the closing bracket.
            highlighter.settleBrackets()
            for region in BracketRegions.regions(of: document.storage) {
                add(FoldingRange(start: region.start, end: region.end - 1, kind: nil))
            }
            // Lines highlighted for the answer go out as a viewport's do.
            if let delta = document.storage.takeAttributeChanges() { push(document, delta: delta) }
        }
        let language = document.detectedLanguageId ?? document.languageId
        if language == "markdown" {
            let spans = grammarRegions.map { (start: $0.start, end: $0.end) }
            for section in MarkdownSections.regions(of: text, inside: spans) {
                add(FoldingRange(start: section.start, end: section.end, kind: nil))
            }
        }
        let configuration = document.features.configuration
        let offSide =
            configuration?.foldsByIndentation ?? IndentationRegions.offSideLanguages.contains(language)
        if document.highlighter == nil || offSide {
            for region in IndentationRegions.regions(of: text) {
                add(FoldingRange(start: region.start, end: region.end, kind: nil))
            }
        }
        // Region markers win over whatever else starts on their line: the user drew them.
        if let markers = configuration?.regionMarkers, let start = registry.linePattern(markers.start),
            let end = registry.linePattern(markers.end)
        {
            for region in RegionMarkers.regions(of: text, start: start, end: end) {
                ranges[region.start] = FoldingRange(start: region.start, end: region.end, kind: .region)
            }
        }
        return ranges.keys.sorted().compactMap { ranges[$0] }
    }
}

/// An LSP `FoldingRange`: whole lines, `startLine` shown and the lines through `endLine`
/// folded under it.
struct FoldingRange: WireEncodable, Equatable {
    enum Kind: String {
        case comment, imports, region
    }

    let start: LineIndex
    let end: LineIndex
    let kind: Kind?

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "startLine": .integer(start.rawValue), "endLine": .integer(end.rawValue),
        ]
        if let kind { object["kind"] = .string(kind.rawValue) }
        return .object(object)
    }
}
