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
    /// The most bytes edits may make the text: `maximumLength`, smaller only in tests (which
    /// cannot hold 4 GiB to try the real one).
    var lengthLimit = TextStorage.maximumLength

    /// The most UTF-8 bytes a storage's text may hold: attribute runs keep their lengths in 32
    /// bits (`AttributeRun`), so edits that would go past it are rejected.
    public static let maximumLength = Int(UInt32.max)

    /// A storage holding `string`, with every attribute empty. `string` may hold at most
    /// `maximumLength` bytes (a client's message is far smaller: the daemon reads at most
    /// 64 MB at once).
    public init(_ string: String = "") {
        precondition(string.utf8.count <= Self.maximumLength, "a text storage holds at most UInt32.max bytes")
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
