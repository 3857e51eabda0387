import DocumentStorage
import TestSupport
import TextRope

/// A hook that writes random styles and links over the edited paragraphs (and sometimes
/// elsewhere), records what it wrote, and sometimes throws after writing.
final class RecordingHook: TextStorageHook {
    let name = "recording"
    var random: SeededGenerator
    /// The writes of the last run that did not throw.
    var styleWrites: [(offset: Int, runs: [AttributeRun<StyleID>])] = []
    var linkWrites: [(range: Range<Int>, links: [LinkSpan])] = []
    var spanWrites: [(range: Range<Int>, spans: [Span])] = []
    var threw = false
    var contexts: [EditingContext] = []

    struct Failure: Error {}

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    func processEditing(in storage: TextStorage, context: EditingContext) throws {
        contexts.append(context)
        styleWrites = []
        linkWrites = []
        spanWrites = []
        threw = false
        let paragraph = context.paragraphRange
        write(in: storage, over: paragraph.bytes)
        let length = storage.text.utf8Count
        if length > 0 && Int.random(in: 0..<4, using: &random) == 0 {
            // A write away from the edit, as a highlighter continuing past it would make.
            let start = scalarBoundary(Int.random(in: 0..<length, using: &random), in: storage)
            let end = scalarBoundary(min(length, start + Int.random(in: 0...20, using: &random)), in: storage)
            write(in: storage, over: start..<end)
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            threw = true
            throw Failure()
        }
    }

    private func write(in storage: TextStorage, over range: Range<Int>) {
        guard !range.isEmpty else { return }
        var runs: [AttributeRun<StyleID>] = []
        var remaining = range.count
        while remaining > 0 {
            let length = min(remaining, Int.random(in: 1...6, using: &random))
            runs.append(
                AttributeRun(
                    length: length, value: StyleID(rawValue: UInt32.random(in: 0...3, using: &random))))
            remaining -= length
        }
        storage.setSyntaxRuns(runs, at: UTF8Offset(range.lowerBound))
        styleWrites.append((range.lowerBound, runs))
        var links: [LinkSpan] = []
        if range.count >= 4 && Bool.random(using: &random) {
            let lower = range.lowerBound + Int.random(in: 0..<(range.count / 2), using: &random)
            let upper = lower + Int.random(in: 1...(range.upperBound - lower), using: &random)
            let target = "https://example.org/\(Int.random(in: 0...2, using: &random))"
            links.append(
                LinkSpan(range: Range(bytes: lower..<upper), link: LinkAttribute(id: 0, target: target)))
        }
        storage.setLinks(links, replacingIn: Range(bytes: range))
        linkWrites.append((range, links))
        var spans: [Span] = []
        if range.count >= 2 && Bool.random(using: &random) {
            let lower = range.lowerBound + Int.random(in: 0..<(range.count / 2), using: &random)
            let upper = lower + Int.random(in: 1...(range.upperBound - lower), using: &random)
            let kind = ["mention", "shortcode"][Int.random(in: 0...1, using: &random)]
            spans.append(
                Span(range: Range(bytes: lower..<upper), attribute: SpanAttribute(kind: kind, isAtomic: true))
            )
        }
        storage.setSpans(spans, replacingIn: Range(bytes: range))
        spanWrites.append((range, spans))
    }

    private func scalarBoundary(_ offset: Int, in storage: TextStorage) -> Int {
        var offset = offset
        while offset > 0, let byte = storage.text.byte(at: UTF8Offset(offset)), byte & 0xC0 == 0x80 {
            offset -= 1
        }
        return offset
    }
}
