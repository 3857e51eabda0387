import DocumentStorage
import GrammarEngine
import TextRope

/// Incremental syntax highlighting as a processEditing hook.
///
/// The highlighter keeps, per line, the tokenizer state at the line's end and whether the
/// line's styles are known to be right (`LineStateStore`). After each transaction it maps those
/// lines through the edit, marks the edited lines invalid and retokenizes the invalid lines of
/// the edit's window and of the visible ranges; retokenizing stops by itself where a line's
/// new end state equals the stored one. The remaining invalid lines are done by
/// `highlightNextSlice()`, a bounded amount of work the caller schedules between messages.
///
/// Lines not yet redone keep their previous runs (mapped through the edits; inserted text is
/// plain) and stay invalid until a slice redoes them: `isSettled` and `firstInvalidLine` tell
/// which part of the storage is provisional. Once no line is invalid, the syntax layer equals
/// a from-scratch highlight of the text (docs/HIGHLIGHTING.md explains why).
///
/// Attach with `attach(to:)`; the storage holds the hook, the hook holds the storage weakly.
public final class SyntaxHighlighter: TextStorageHook {
    /// The hook's name in failure reports.
    public let name = "syntax"
    /// The grammar lines are tokenized with.
    public let grammar: Grammar
    /// The table token styles are interned in.
    public let styles: StyleTable
    /// Work budgets; may be changed between calls.
    public var configuration: Configuration
    /// The line ranges views show, highlighted first.
    public internal(set) var visibleRanges: [Range<LineIndex>] = []
    /// Lines tokenized since the highlighter was made (a statistic).
    public internal(set) var linesTokenized = 0
    /// Lines whose brackets were paired since the highlighter was made (a statistic).
    public internal(set) var linesPaired = 0

    weak var storage: TextStorage?
    var store = LineStateStore<RuleStack>(lineCount: 1)
    /// Per line, its brackets and the brackets open at its end; valid when the line's marks
    /// in the bracket layer were paired from the line before's current end stack (see
    /// `SyntaxHighlighter+Brackets.swift`).
    var bracketStore = LineStateStore<BracketLine>(lineCount: 1)
    /// Reused between lines so finding a line's brackets does not allocate.
    var bracketBuffer: [BracketToken] = []
    /// Style ids of token scopes already seen (scope stacks are interned by the grammar) and
    /// the lines tokenized lately, perhaps shared with other highlighters of the same grammar
    /// and styles.
    public let sharedStyles: SharedScopeStyles
    /// Reused between lines so building a line's runs does not allocate.
    var runBuffer: [AttributeRun<StyleID>] = []

    /// A highlighter for one document. `sharedStyles` is a style cache to share with other
    /// highlighters of `grammar` and `styles` on the same thread, made with the same
    /// classification (nil: one of its own).
    public init(
        grammar: Grammar, styles: StyleTable, configuration: Configuration = Configuration(),
        sharedStyles: SharedScopeStyles? = nil
    ) {
        self.grammar = grammar
        self.styles = styles
        self.configuration = configuration
        self.sharedStyles = sharedStyles ?? SharedScopeStyles(classification: configuration.classification)
    }

    /// Adds the highlighter to a storage's hooks; every line starts invalid (call
    /// `highlightNextSlice()` or `highlightAll()`, or edit, to highlight).
    public func attach(to storage: TextStorage) {
        reset(for: storage)
        storage.addHook(self)
    }

    /// Forgets every line's state, for a new storage.
    func reset(for storage: TextStorage) {
        self.storage = storage
        store = LineStateStore(lineCount: storage.text.lineCount)
        bracketStore = LineStateStore(lineCount: storage.text.lineCount)
    }

    /// Forgets the style of every scope stack seen so far, which lets the grammar free the
    /// stacks no line uses any more (the daemon does both when it goes idle). Styles are
    /// resolved again, one node at a time, when next met.
    public func forgetCachedStyles() {
        sharedStyles.removeAll()
    }

    /// The lines tokenized lately by this highlighter and those sharing its `sharedStyles`,
    /// reused when an edit puts a line back into a state it had (typing the `}` of a `{`,
    /// undoing).
    public var recentLines: RecentLineMemo { sharedStyles.recentLines }

    /// Forgets the lines tokenized lately, and the states and scope stacks they kept alive
    /// (the daemon does this when it goes idle after a burst of edits).
    public func forgetRecentLines() {
        sharedStyles.recentLines.removeAll()
    }

    /// The per-line states and validity (for diagnostics and tests).
    public var lineStates: LineStateStore<RuleStack> { store }

    /// Whether every line's styles (and bracket marks) are known to be right.
    public var isSettled: Bool {
        store.invalidCount == 0 && (configuration.brackets == nil || bracketStore.invalidCount == 0)
    }

    /// The first line whose styles are provisional, if any.
    public var firstInvalidLine: LineIndex? { store.firstInvalidLine().map { LineIndex($0) } }

    /// Whether a line's styles are known to be right, given those of the lines before it
    /// (false for a line that does not exist).
    public func isLineValid(_ line: LineIndex) -> Bool {
        line.rawValue >= 0 && line.rawValue < store.count && store[line.rawValue].isValid
    }

    /// Estimated bytes the highlighter keeps per line (see `LineStateStore`).
    public var stateBytesPerLine: Double { store.estimatedBytesPerLine }
}
