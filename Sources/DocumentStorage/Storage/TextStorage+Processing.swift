import TextRope

extension TextStorage {
    /// Runs the hooks on the edited paragraphs, then builds the transaction's record and delta.
    func processEditing(_ edits: PendingEdits) -> EditingTransaction {
        var context = EditingContext(
            changes: edits.changes, paragraphRange: 0..<0,
            changeInLength: text.utf8Count - edits.lengthsBefore.utf8)
        context.paragraphRange = paragraphRange(for: context.editedRange ?? 0..<0)
        let failures = runHooks(context)
        let after = text.summary
        let before = edits.lengthsBefore
        let changeInLength = LengthChange(
            utf8: after.utf8 - before.utf8, utf16: after.utf16 - before.utf16,
            utf32: after.scalars - before.scalars)
        transactionCount += 1
        return EditingTransaction(
            number: transactionCount,
            editCount: edits.editCount,
            context: context,
            changeInLength: changeInLength,
            delta: takeDelta(covering: context.regions.map(\.range)),
            hookFailures: failures
        )
    }

    /// Runs every hook in order; a hook that throws has its attribute writes undone.
    func runHooks(_ context: EditingContext) -> [HookFailure] {
        var failures: [HookFailure] = []
        isProcessingEditing = true
        defer { isProcessingEditing = false }
        for hook in hooks {
            journal = []
            do {
                try hook.processEditing(in: self, context: context)
            } catch {
                rollBackJournal()
                failures.append(HookFailure(hookName: hook.name, message: String(describing: error)))
            }
            journal = nil
        }
        return failures
    }

    /// Runs the hooks over `range` as if it had been edited, without changing the text: for a
    /// document's first highlight, or after a theme or grammar change.
    @discardableResult
    public func reprocess(_ range: Range<UTF8Offset>) -> EditingTransaction {
        let clamped = max(0, range.lowerBound)..<min(text.utf8End, max(range.lowerBound, range.upperBound))
        let summary = text.summary
        // As a replacement of the range by itself: every consumer redoes it, nothing moves.
        let identity = ChangeSet([
            .init(range: clamped, insertedLength: clamped.count, lineCountChange: 0)
        ])
        return processEditing(PendingEdits(changes: identity, editCount: 0, lengthsBefore: summary))
    }

    private func rollBackJournal() {
        guard let entries = journal else { return }
        journal = nil
        for entry in entries.reversed() {
            switch entry {
            case .syntax(let offset, let old): syntaxLayer.set(old, at: offset)
            case .links(let offset, let old): linkLayer.set(old, at: offset)
            case .spans(let offset, let old): spanLayer.set(old, at: offset)
            case .brackets(let offset, let old): bracketLayer.set(old, at: offset)
            }
        }
    }
}
