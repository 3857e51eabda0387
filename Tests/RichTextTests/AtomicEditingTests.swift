import DocumentStorage
import TestSupport
import Testing
import TextRope

@Suite("Atomic spans")
struct AtomicEditingTests {
    @Test func aBackspaceAtAMentionsEndDeletesItWhole() throws {
        let storage = try SpanFixtures.storage("hi 😀@bob! [赞]")
        // UTF-16: "hi " 3, 😀 2, "@bob" 5..<9, "!" 9, " " 10, "[赞]" 11..<14.
        let (_, applied) = try storage.applyEdits(
            [TextEdit(location: 8, length: 1, text: "")], unit: .utf16, atomic: .expand)
        #expect(applied == [TextEdit(location: 5, length: 4, text: "")])
        #expect(storage.string == "hi 😀! [赞]")
        let (_, second) = try storage.applyEdits(
            [TextEdit(location: 9, length: 0, text: "x")], unit: .utf16, atomic: .expand)
        #expect(
            second == [TextEdit(location: 10, length: 0, text: "x")], "an insertion inside moves to the end")
        #expect(storage.spanTexts == [["[赞]", "shortcode"]])
    }

    @Test func withoutExpandAnEditBreaksTheSpanAndTheRulesRunAgain() throws {
        let storage = try SpanFixtures.storage("e\u{301}@bob [赞]")
        let (_, applied) = try storage.applyEdits(
            [TextEdit(location: 9, length: 1, text: "")], unit: .utf32, atomic: .break)
        #expect(applied == [TextEdit(location: 9, length: 1, text: "")])
        #expect(storage.string == "e\u{301}@bob [赞")
        #expect(storage.spanTexts == [["@bob", "mention"]])
    }

    @Test(arguments: [
        (3, 0, SelectionDirection.forward, 4, 4), (3, 0, .backward, 0, 0), (1, 5, .forward, 0, 9),
        (0, 4, .backward, 0, 4), (8, 0, .forward, 9, 9), (8, 0, .backward, 5, 5), (5, 4, .forward, 5, 9),
    ])
    func selectionsNeverEndInsideAnAtomicSpan(
        offset: Int, length: Int, direction: SelectionDirection, lower: Int, upper: Int
    ) throws {
        // UTF-8: "@bob" is 0..<4, "[ok]" 5..<9.
        let storage = try SpanFixtures.storage("@bob [ok]")
        let adjusted = storage.selectionAdjustedForAtomicSpans(
            Range(bytes: offset..<(offset + length)), direction: direction)
        #expect(adjusted.bytes == lower..<upper)
    }

    @Test(arguments: [AtomicEditing.expand, .break])
    func randomEditsKeepSpansEqualToAFromScratchRun(mode: AtomicEditing) throws {
        let seed = SeededGenerator.seedFromEnvironment(fallback: 0xA70_41C)
        var random = SeededGenerator(seed: seed &+ (mode == .expand ? 1 : 0))
        let storage = try SpanFixtures.storage("")
        for step in 0..<250 {
            let context = Comment(rawValue: "seed \(seed) \(mode) step \(step)")
            let before = storage.string
            let atomicBefore = storage.spans(in: storage.text.utf8Range).filter(\.attribute.isAtomic)
            let unit = TextUnit.allCases.randomElement(using: &random) ?? .utf16
            var edits: [TextEdit] = []
            var model = before
            // Under `expand` a widened edit moves the text after it, so a client sends one edit
            // and mirrors what was applied before sending the next.
            for _ in 0..<(mode == .expand ? 1 : Int.random(in: 1...2, using: &random)) {
                let (range, text) = SpanEditGenerator.edit(of: model, using: &random)
                let buffer = TextBuffer(model)
                let lower = buffer.offset(fromUTF8: UTF8Offset(range.lowerBound), to: unit)
                let upper = buffer.offset(fromUTF8: UTF8Offset(range.upperBound), to: unit)
                edits.append(TextEdit(location: lower, length: upper - lower, text: text))
                model = Self.apply(
                    TextEdit(location: range.lowerBound, length: range.count, text: text), to: model)
            }
            let (_, applied) = try storage.applyEdits(edits, unit: unit, atomic: mode)
            // The client mirrors the applied edits on its own copy of the text.
            var mirror = before
            for edit in applied {
                let buffer = TextBuffer(mirror)
                let lower = try buffer.utf8Offset(edit.location, in: unit)
                let upper = try buffer.utf8Offset(edit.location + edit.length, in: unit)
                if mode == .expand {
                    for span in atomicBefore {
                        let cut =
                            lower < upper
                            ? span.range.overlaps(lower..<upper)
                                && !(lower <= span.range.lowerBound && span.range.upperBound <= upper)
                            : span.range.lowerBound < lower && lower < span.range.upperBound
                        #expect(!cut, "\(context): no atomic span is partly edited")
                    }
                }
                mirror = Self.apply(
                    TextEdit(location: lower.rawValue, length: upper - lower, text: edit.text), to: mirror)
            }
            #expect(mirror == storage.string, context)
            if mode == .break { #expect(storage.string == model, context) }
            #expect(storage.spanTexts == SpanFixtures.oracle.spans(of: storage.string), context)
        }
    }

    /// Applies a UTF-8 edit to a String, byte by byte.
    static func apply(_ edit: TextEdit, to text: String) -> String {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(edit.location..<(edit.location + edit.length), with: Array(edit.text.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }
}
