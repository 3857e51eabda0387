import DocumentStorage
import GrammarEngine
import Highlighting
import RichText
import TextRope
import TextSegmentation

/// One open document and everything the daemon keeps for it: its text storage with the
/// syntax, link and span hooks, its span rules and the spans the client gave, its views, its
/// layout subscription, its semantic-token tracker and its background push state.
///
/// Nothing about a document is kept elsewhere by URI (the background queue holds only the
/// order in which documents get slices), so closing it is dropping the session, and a
/// configuration change is `rebuilt(grammar:detectedLanguageId:styles:)`.
final class DocumentSession {
    /// The document's URI as the client sent it.
    let uri: String
    /// The client's language id (may be empty).
    let languageId: String
    /// The language the daemon highlights it as (nil: none was found; plain text).
    var detectedLanguageId: String?
    /// The version of the last applied change.
    var version: Int
    /// Text, attributes and hooks.
    let storage: TextStorage
    /// The syntax hook, or nil for plain text.
    let highlighter: SyntaxHighlighter?
    /// The link hook (after the syntax hook).
    let links: LinkDetectionHook
    /// The span hook (after the link hook): mentions, shortcodes and other span rules.
    let spans: SpanDetectionHook
    /// The root scope of the grammar in use, or `text.plain`.
    let scopeName: String
    /// The language's configuration, token classification and bracket pairs.
    let features: LanguageFeatures
    /// Visible line ranges by view id.
    var viewports: [String: Range<LineIndex>] = [:]
    /// The client's layout subscription (`textStorage/layout` with `subscribe`), if any.
    var layoutSubscription: LayoutSubscription?
    /// When the oldest background change not pushed yet was made (uptime ns; nil: none):
    /// consecutive slices' changes are pushed together.
    var backgroundChangesSince: UInt64?
    /// The semantic tokens last sent to an LSP client and the lines changed since (made on
    /// the first token request).
    var tokenTracker: SemanticTokenTracker?

    init(
        uri: String, languageId: String, version: Int, text: String, grammar: Grammar?, styles: StyleTable,
        sharedStyles: SharedScopeStyles? = nil, spanRules: [SpanRule] = [], features: LanguageFeatures = .none
    ) {
        self.features = features
        self.uri = uri
        self.languageId = languageId
        self.version = version
        storage = TextStorage(text)
        scopeName = grammar?.scopeName ?? "text.plain"
        if let grammar {
            // Short background slices, which also end after a line once a message is waiting
            // (`ServerLoop`): an edit waits at most this long, and usually one line.
            var configuration = SyntaxHighlighter.Configuration()
            configuration.sliceTimeBudget = .microseconds(500)
            configuration.sliceLineBudget = 500
            configuration.classification = features.classification
            configuration.brackets = features.brackets
            let highlighter = SyntaxHighlighter(
                grammar: grammar, styles: styles, configuration: configuration, sharedStyles: sharedStyles)
            highlighter.attach(to: storage)
            self.highlighter = highlighter
        } else {
            highlighter = nil
        }
        // Prose gets bare domains linked; code only what is written as a link.
        let prose = scopeName.hasPrefix("text.")
        links = LinkDetectionHook(detector: LinkDetector(configuration: prose ? .prose : .sourceCode))
        storage.addHook(links)
        spans = SpanDetectionHook(rules: spanRules)
        storage.addHook(spans)
    }

    /// This document over the same text and version, highlighted with `grammar` and styled
    /// with `styles` (a configuration change), keeping everything else that belongs to it:
    /// its span rules and the spans the client gave, its views, its layout subscription and
    /// its semantic-token tracker. The new storage's attributes are not computed yet (the
    /// caller reprocesses it and pushes the result).
    func rebuilt(
        grammar: Grammar?, detectedLanguageId: String?, styles: StyleTable, sharedStyles: SharedScopeStyles?,
        features: LanguageFeatures
    ) -> DocumentSession {
        let document = DocumentSession(
            uri: uri, languageId: languageId, version: version, text: storage.string, grammar: grammar,
            styles: styles, sharedStyles: sharedStyles, spanRules: spans.detector.rules, features: features)
        document.detectedLanguageId = detectedLanguageId
        document.storage.adoptGivenSpans(from: storage)
        document.viewports = viewports
        document.reportBracketsNearViewports()
        document.highlighter?.setVisibleRanges(Array(viewports.values))
        document.layoutSubscription = layoutSubscription
        document.tokenTracker = tokenTracker
        return document
    }

    /// Lines beyond each side of a view whose bracket depth changes are pushed at once, so
    /// scrolling a little shows them right before the view's next `textStorage/viewport`.
    static let bracketReportMargin = 200

    /// Pushes bracket depth changes at once only near the views (when the client has said
    /// what they show): an unmatched bracket renests every bracket after it, and pushing all
    /// of them on each keystroke cost an editor tens of milliseconds in a large file. The rest
    /// is held back until a view comes near (`TextStorage.takeDeferredBracketChanges()`).
    func reportBracketsNearViewports() {
        guard !viewports.isEmpty else {
            storage.bracketReportLines = nil
            return
        }
        let margin = Self.bracketReportMargin
        storage.bracketReportLines = viewports.values.map {
            LineIndex(max(0, $0.lowerBound.rawValue - margin))..<($0.upperBound + margin)
        }
    }

    /// Whether background work (highlighting or link detection) remains.
    var hasPendingWork: Bool { !(highlighter?.isSettled ?? true) || !links.isSettled }

    /// Does one bounded slice of background work: highlighting first (ended early once
    /// `interrupted` says so), then links.
    func runBackgroundSlice(stoppingWhen interrupted: () -> Bool = { false }) {
        if let highlighter, !highlighter.isSettled {
            _ = highlighter.highlightNextSlice(stoppingWhen: interrupted)
        } else if let pending = links.pendingRange {
            links.detectNextSlice(in: storage)
            // Spans may not overlap links: judge the slice's lines again now their links are known.
            let done = pending.lowerBound..<(links.pendingRange?.lowerBound ?? pending.upperBound)
            if !spans.detector.rules.isEmpty { spans.redetect(in: done, of: storage) }
        }
    }
}
