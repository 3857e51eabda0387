import DocumentStorage
import FuzzSupport
import RichText
import TextRope
import TextSegmentation

/// Span rules (working, backtracking, quadratic, broken) over random text and edits, with
/// links found in small slices as the daemon finds them: never a trap; spans stay sorted,
/// disjoint, inside the text and on scalar boundaries; and, unless the time budget disabled a
/// rule, the spans equal a from-scratch run of the rules over the final text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpans(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    guard let rules = try? SpanRule.rules(from: SpanRuleGenerator.rules(&input)) else { return 0 }
    let storage = TextStorage(input.text(maxPieces: 20))
    let links = LinkDetectionHook(sliceLength: 1 + input.below(64))
    let spans = SpanDetectionHook(rules: rules)
    storage.addHook(links)
    storage.addHook(spans)
    storage.reprocess(storage.text.utf8Range)
    while !input.isExhausted {
        if input.below(4) == 0 {
            settleSlice(storage, links: links, spans: spans)
            continue
        }
        let unit = input.pick([TextUnit.utf8, .utf16, .utf32])
        let textCount = storage.text.count(in: unit)
        let edit = TextEdit(
            location: input.bool() ? input.hostileInt() : input.below(textCount + 2),
            length: input.bool() ? input.hostileInt() : input.below(4), text: input.text(maxPieces: 3))
        let before = storage.string
        do {
            _ = try storage.applyEdits([edit], unit: unit, atomic: input.pick([.break, .expand]))
        } catch {
            if storage.string != before { fatalError("a rejected edit changed the text") }
        }
        _ = storage.takeAttributeChanges()
    }
    while !links.isSettled { settleSlice(storage, links: links, spans: spans) }
    let found = storage.spans(in: storage.text.utf8Range)
    check(found, in: storage)
    guard !spans.disabledRules.contains(true) else { return 0 }
    let fresh = TextStorage(storage.string)
    let freshSpans = SpanDetectionHook(rules: rules, budget: nil)
    fresh.addHook(LinkDetectionHook())
    fresh.addHook(freshSpans)
    fresh.reprocess(fresh.text.utf8Range)
    let expected = fresh.spans(in: fresh.text.utf8Range)
    if found.map({ [$0.range.lowerBound, $0.range.upperBound] })
        != expected.map({ [$0.range.lowerBound, $0.range.upperBound] })
        || found.map(\.attribute.kind) != expected.map(\.attribute.kind)
    {
        fatalError("incremental spans differ from a from-scratch run")
    }
    return 0
}

/// One background slice of link detection, then the spans of the lines it judged (as
/// `Document.runBackgroundSlice` does).
func settleSlice(_ storage: TextStorage, links: LinkDetectionHook, spans: SpanDetectionHook) {
    guard let pending = links.pendingRange else { return }
    links.detectNextSlice(in: storage)
    spans.redetect(
        in: pending.lowerBound..<(links.pendingRange?.lowerBound ?? pending.upperBound), of: storage)
    _ = storage.takeAttributeChanges()
}

/// Spans are sorted, disjoint, inside the text, and start and end on scalar boundaries.
func check(_ spans: [Span], in storage: TextStorage) {
    var end = 0
    let bytes = Array(storage.string.utf8)
    for span in spans.map({ $0.range.bytes }) {
        guard span.lowerBound >= end, span.upperBound <= bytes.count, !span.isEmpty else {
            fatalError("spans overlap, are empty or leave the text")
        }
        for bound in [span.lowerBound, span.upperBound] where bound < bytes.count {
            if bytes[bound] & 0xC0 == 0x80 { fatalError("a span cuts a scalar") }
        }
        end = span.upperBound
    }
}
