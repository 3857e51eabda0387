import TextRope

/// A document's text storage: text plus attribute layers, edited in transactions, with
/// processEditing hooks run once per transaction — the model of TextKit's `NSTextStorage`.
///
/// Offsets inside the storage are UTF-8 bytes; edits may name their ranges in any `TextUnit`.
/// Not thread-safe: one owner (the document's worker) drives it.
public final class TextStorage {
    /// The text.
    public internal(set) var text: TextBuffer
    /// Style ids set by the syntax hook.
    public internal(set) var syntaxLayer: AttributeRuns<StyleID>
    /// Links set by the link hook.
    public internal(set) var linkLayer: AttributeRuns<LinkAttribute?>
    /// Mentions, shortcodes and other spans set by the span hook or given by a client.
    public internal(set) var spanLayer: AttributeRuns<SpanAttribute?>
    /// Bracket pairs by nesting depth, set by the syntax hook where the language has brackets.
    public internal(set) var bracketLayer: AttributeRuns<BracketMark?>
    /// The processEditing hooks, in the order they run.
    public private(set) var hooks: [any TextStorageHook] = []
    /// How many transactions have ended.
    public internal(set) var transactionCount = 0

    /// Nesting depth of `beginEditing()` calls.
    var editingDepth = 0
    /// The transaction being accumulated, if any edit happened since it began.
    var pending: PendingEdits?
    /// Post-edit ranges whose attributes changed and have not been reported yet.
    var dirtyRanges: [Range<UTF8Offset>] = []
    /// Post-edit ranges where only bracket marks changed, not reported yet.
    var bracketDirtyRanges: [Range<UTF8Offset>] = []
    /// `dirtyRanges` and `bracketDirtyRanges` set aside by `holdAttributeChanges()`, mapped
    /// through later edits, and returned by the next `takeAttributeChanges()`.
    var heldDirtyRanges: [Range<UTF8Offset>] = []
    var heldBracketRanges: [Range<UTF8Offset>] = []
    /// Ranges whose bracket marks changed outside `bracketReportLines` and were held back
    /// (mapped through later edits), for `takeDeferredBracketChanges()`.
    var deferredBracketRanges: [Range<UTF8Offset>] = []
    /// The lines whose bracket mark changes deltas report at once (the views' lines); changes
    /// elsewhere wait in `deferredBracketRanges` until these lines reach them. Nil reports
    /// every change at once.
    public var bracketReportLines: [Range<LineIndex>]?
    /// Attribute writes of the hook now running, for rollback if it throws.
    var journal: [AttributeJournalEntry]?
    /// Whether hooks are running (the text is then read-only).
    var isProcessingEditing = false
    /// The next link id to hand out.
    var nextLinkID = 1
    /// The next span id to hand out.
    var nextSpanID = 1

    /// A storage holding `string`, with every attribute empty.
    public init(_ string: String = "") {
        text = TextBuffer(string)
        syntaxLayer = AttributeRuns(length: text.utf8Count, emptyValue: .plain)
        linkLayer = AttributeRuns(length: text.utf8Count, emptyValue: nil)
        spanLayer = AttributeRuns(length: text.utf8Count, emptyValue: nil)
        bracketLayer = AttributeRuns(length: text.utf8Count, emptyValue: nil)
    }

    /// Adds a hook after the existing ones.
    public func addHook(_ hook: any TextStorageHook) {
        hooks.append(hook)
    }

    /// The whole text as a String.
    public var string: String { text.string }
}

/// The edits of an open transaction.
struct PendingEdits {
    /// The replacements applied, in order.
    var changes: ChangeSet
    /// Replacements applied.
    var editCount: Int
    /// Lengths before the first edit.
    var lengthsBefore: TextSummary
}

/// One attribute write made by a hook, kept so it can be undone.
enum AttributeJournalEntry {
    case syntax(offset: Int, old: [AttributeRun<StyleID>])
    case links(offset: Int, old: [AttributeRun<LinkAttribute?>])
    case spans(offset: Int, old: [AttributeRun<SpanAttribute?>])
    case brackets(offset: Int, old: [AttributeRun<BracketMark?>])
}
