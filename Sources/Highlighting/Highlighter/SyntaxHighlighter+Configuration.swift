extension SyntaxHighlighter {
    /// How much work the highlighter does per transaction and per slice.
    public struct Configuration: Sendable {
        /// Lines around the edit highlighted within the transaction (a view showing the edit):
        /// `window` lines starting `window / 2` lines above the first edited line.
        public var window = 60
        /// The most lines one `highlightNextSlice()` tokenizes.
        public var sliceLineBudget = 2_000
        /// The most time one `highlightNextSlice()` spends, checked after each line; nil for
        /// no time limit.
        public var sliceTimeBudget: Duration? = .milliseconds(5)
        /// How often a slice asks whether to stop early (`highlightNextSlice(stoppingWhen:)`):
        /// at most once per this much work, after a line. Asking may cost a system call (the
        /// daemon polls its input), and a line takes a few microseconds.
        public var interruptCheckInterval: Duration = .microseconds(20)
        /// Token kinds and the scopes whose brackets count (the grammar's contribution).
        public var classification = TokenClassification.standard
        /// The language's bracket pairs; nil keeps no bracket layer.
        public var brackets: BracketSet?

        /// The defaults.
        public init() {}

        /// Given budgets.
        public init(window: Int, sliceLineBudget: Int, sliceTimeBudget: Duration?) {
            self.window = window
            self.sliceLineBudget = sliceLineBudget
            self.sliceTimeBudget = sliceTimeBudget
        }
    }
}
