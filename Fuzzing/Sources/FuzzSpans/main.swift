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
    storage.reprocess(0..<storage.text.utf8Count)
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
    let found = storage.spans(in: 0..<storage.text.utf8Count)
    check(found, in: storage)
    guard !spans.disabledRules.contains(true) else { return 0 }
    let fresh = TextStorage(storage.string)
    let freshSpans = SpanDetectionHook(rules: rules, budget: nil)
    fresh.addHook(LinkDetectionHook())
    fresh.addHook(freshSpans)
    fresh.reprocess(0..<fresh.text.utf8Count)
    let expected = fresh.spans(in: 0..<fresh.text.utf8Count)
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
    for span in spans {
        guard span.range.lowerBound >= end, span.range.upperBound <= bytes.count, !span.range.isEmpty else {
            fatalError("spans overlap, are empty or leave the text")
        }
        for bound in [span.range.lowerBound, span.range.upperBound] where bound < bytes.count {
            if bytes[bound] & 0xC0 == 0x80 { fatalError("a span cuts a scalar") }
        }
        end = span.range.upperBound
    }
}
