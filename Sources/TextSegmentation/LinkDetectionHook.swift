import DocumentStorage

/// A processEditing hook that re-detects the links of the edited paragraphs and writes them
/// to the storage's link layer, each marked unbreakable so line breaking keeps it whole.
///
/// Links never span lines, so the paragraphs the storage reports (whole lines) are all that
/// can have changed; links elsewhere keep their ids. Unchanged links at the same place keep
/// theirs too, so deltas name only what really changed.
public final class LinkDetectionHook: TextStorageHook {
    /// The name in logs and failure reports.
    public let name = "links"

    /// The detector run over each edited paragraph.
    public var detector: LinkDetector

    /// Makes a hook running `detector` (prose rules by default; use
    /// `LinkDetector(configuration: .sourceCode)` for code).
    public init(detector: LinkDetector = LinkDetector()) {
        self.detector = detector
    }

    /// Replaces the links in the context's paragraph range with freshly detected ones.
    public func processEditing(in storage: TextStorage, context: EditingContext) throws {
        guard let edited = context.editedRange else { return }
        // An edit ending in a line break also changes the line after it (where that line now
        // starts, so `x\nexample.com` gains a link and a split link leaves a fragment there),
        // but the storage's paragraph range stops before that line: reach one byte past.
        let following = storage.paragraphRange(
            for: edited.lowerBound..<min(edited.upperBound + 1, storage.text.utf8Count))
        let paragraphs =
            min(
                context.paragraphRange.lowerBound, following.lowerBound)..<max(
                context.paragraphRange.upperBound, following.upperBound)
        guard !paragraphs.isEmpty else { return }
        let text = storage.text.substring(paragraphs)
        let spans = detector.links(in: text).map { link in
            LinkSpan(
                range: (paragraphs.lowerBound + link.utf8Range.lowerBound)..<(paragraphs.lowerBound
                    + link.utf8Range.upperBound),
                link: LinkAttribute(id: 0, target: link.target, isUnbreakable: true))
        }
        storage.setLinks(spans, replacingIn: paragraphs)
    }
}
