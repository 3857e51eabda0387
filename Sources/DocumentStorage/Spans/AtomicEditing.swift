/// What an edit that cuts into an atomic span does (`textStorage/edit`'s `atomic`).
public enum AtomicEditing: String, Sendable, CaseIterable {
    /// The edit is applied as sent; the span it cuts is broken (removed, the rules re-run).
    case `break`
    /// The edit is widened to the whole span, so a backspace at a mention's end deletes the
    /// mention; an insertion strictly inside one moves to its end.
    case expand
}

/// Which way a caret was moving when its selection is adjusted.
public enum SelectionDirection: String, Sendable, CaseIterable {
    /// Towards the end of the text: a caret inside an atomic span goes to its end.
    case forward
    /// Towards the start: a caret inside an atomic span goes to its start.
    case backward
}
