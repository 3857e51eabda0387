import DocumentStorage
import TextRope

/// A processEditing hook that re-detects the links of the edited paragraphs and writes them
/// to the storage's link layer, each marked unbreakable so line breaking keeps it whole.
///
/// Links never span lines, so the paragraphs the storage reports (whole lines) are all that
/// can have changed; links elsewhere keep their ids. Unchanged links at the same place keep
/// theirs too, so deltas name only what really changed.
///
/// A transaction over more than `sliceLength` bytes (opening a large file) detects only its
/// first `sliceLength` bytes at once and leaves the rest **pending**: `detectNextSlice(in:)`
/// works through it in bounded slices, as background highlighting does, so a 10 MB open does
/// not hold the daemon up. Pending text is tracked as one range that only grows to cover
/// edits, so every line is detected after its last change.
public final class LinkDetectionHook: TextStorageHook {
    /// The name in logs and failure reports.
    public let name = "links"

    /// The detector run over each edited paragraph.
    public var detector: LinkDetector

    /// The most bytes detected in one transaction or one slice (cut at a line end).
    public var sliceLength: Int

    /// Text whose links have not been detected since it last changed (UTF-8), if any.
    public private(set) var pendingRange: Range<UTF8Offset>?

    /// Makes a hook running `detector` (prose rules by default; use
    /// `LinkDetector(configuration: .sourceCode)` for code).
    public init(detector: LinkDetector = LinkDetector(), sliceLength: Int = 64 << 10) {
        self.detector = detector
        self.sliceLength = max(1, sliceLength)
    }

    /// Whether no text is waiting for detection.
    public var isSettled: Bool { pendingRange == nil }

    /// Replaces the links in the context's paragraph range with freshly detected ones (the
    /// first `sliceLength` bytes of it; the rest becomes pending).
    public func processEditing(in storage: TextStorage, context: EditingContext) throws {
        guard context.editedRange != nil else { return }
        mapPendingRange(through: context.changes, in: storage)
        // Each changed region's lines, up to `sliceLength` bytes at once in all; the rest
        // becomes pending.
        var budget = sliceLength
        for paragraphs in storage.editedParagraphs(context) where !paragraphs.isEmpty {
            guard budget > 0 else {
                addPending(paragraphs)
                continue
            }
            let done = detect(in: paragraphs, of: storage, limit: budget)
            budget -= done.count
            if done.upperBound < paragraphs.upperBound { addPending(done.upperBound..<paragraphs.upperBound) }
        }
    }

    /// Detects the links of the next pending slice (writing them outside a transaction:
    /// collect the changes with `storage.takeAttributeChanges()`); returns whether text
    /// remains pending.
    @discardableResult
    public func detectNextSlice(in storage: TextStorage) -> Bool {
        guard let pending = pendingRange else { return false }
        let clamped =
            min(pending.lowerBound, storage.text.utf8End)..<min(pending.upperBound, storage.text.utf8End)
        guard !clamped.isEmpty else {
            pendingRange = nil
            return false
        }
        // Edits can leave the pending range starting or ending inside a line (it grows to
        // cover them); links are detected line by line, so take whole lines.
        let paragraphs = storage.paragraphRange(for: clamped)
        let done = detect(in: paragraphs, of: storage, limit: sliceLength)
        pendingRange = done.upperBound < paragraphs.upperBound ? done.upperBound..<paragraphs.upperBound : nil
        return pendingRange != nil
    }

    /// Detects links in the first `limit` bytes of `paragraphs` (whole lines: the cut is made
    /// after a line break, or at the end); returns the range done.
    private func detect(in paragraphs: Range<UTF8Offset>, of storage: TextStorage, limit: Int) -> Range<
        UTF8Offset
    > {
        var end = paragraphs.upperBound
        if paragraphs.count > limit {
            let cut = paragraphs.lowerBound + limit
            let line = storage.text.lineIndex(containingUTF8: cut)
            let lineEnd = (try? storage.text.lineBounds(line).end) ?? paragraphs.upperBound
            end = min(max(lineEnd, paragraphs.lowerBound + 1), paragraphs.upperBound)
        }
        let range = paragraphs.lowerBound..<end
        let text = storage.text.substring(range)
        let spans = detector.links(in: text).map { link in
            LinkSpan(
                range: (range.lowerBound + link.utf8Range.lowerBound)..<(range.lowerBound
                    + link.utf8Range.upperBound),
                link: LinkAttribute(id: 0, target: link.target, isUnbreakable: true))
        }
        storage.setLinks(spans, replacingIn: range)
        return range
    }

    /// Moves the pending range through a transaction's replacements: text before them stays,
    /// text after them shifts, and a pending range they replaced text of covers what they
    /// inserted (a superset is always safe, detection being idempotent).
    private func mapPendingRange(through changes: ChangeSet, in storage: TextStorage) {
        guard let pending = pendingRange else { return }
        let mapped = changes.map(pending)
        let length = storage.text.utf8End
        let clamped = min(mapped.lowerBound, length)..<min(max(mapped.upperBound, mapped.lowerBound), length)
        pendingRange = clamped.isEmpty ? nil : clamped
    }

    private func addPending(_ range: Range<UTF8Offset>) {
        guard let pending = pendingRange else {
            pendingRange = range
            return
        }
        pendingRange = min(pending.lowerBound, range.lowerBound)..<max(pending.upperBound, range.upperBound)
    }
}
