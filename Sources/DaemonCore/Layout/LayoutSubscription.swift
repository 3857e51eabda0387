import TextLayout

/// A client's subscription to a document's layout: the incremental layout kept between
/// edits, whose `lastChange` after each transaction is what `textStorage/didLayout` sends.
final class LayoutSubscription {
    let layout: IncrementalLayout
    let includeClusters: Bool

    init(layout: IncrementalLayout, includeClusters: Bool) {
        self.layout = layout
        self.includeClusters = includeClusters
    }
}
