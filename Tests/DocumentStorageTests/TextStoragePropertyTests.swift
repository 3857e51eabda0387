import DocumentStorage
import Foundation
import TestSupport
import Testing
import TextRope

@Suite struct TextStoragePropertyTests {
    /// Random transactions of random edits in random units, with a hook writing random
    /// attributes; after each, the storage must agree with the naive model on text, lengths,
    /// conversions, paragraph range, attributes, and the delta must rebuild the attributes.
    @Test func randomTransactionsMatchTheNaiveModel() throws {
        var random = SeededGenerator(fallback: 0xD0C5_7042)
        let storage = TextStorage()
        let hook = RecordingHook(seed: random.seed &+ 1)
        storage.addHook(hook)
        var model = StorageModel()
        for step in 0..<1500 {
            let context = Comment(rawValue: "seed \(random.seed) step \(step)")
            // The attributes before the transaction, to be mapped through its edits.
            var mapped = model
            storage.beginEditing()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let (range, text) = randomEdit(model, &random)
                let unit = TextUnit.allCases.randomElement(using: &random) ?? .utf8
                let lower = storage.text.offset(fromUTF8: UTF8Offset(range.lowerBound), to: unit)
                let upper = storage.text.offset(fromUTF8: UTF8Offset(range.upperBound), to: unit)
                try storage.replaceCharacters(in: lower..<upper, unit: unit, with: text)
                model.replace(range, with: text)
                mapped.replace(range, with: text)
            }
            let transaction = try #require(try storage.endEditing(), context)
            let editedRange = try #require(transaction.context.editedRange)
            #expect(
                transaction.context.paragraphRange.bytes == model.paragraphRange(for: editedRange.bytes),
                context)
            #expect(hook.contexts.count == step + 1, "processEditing runs once per transaction")
            if !hook.threw {
                for write in hook.styleWrites { model.setStyles(write.runs, at: write.offset) }
            }
            // The delta covers each change region (every byte the transaction inserted) and
            // turns the mapped old attributes into the new.
            let regions = transaction.context.changes.regions.map(\.range)
            #expect(regions.first?.lowerBound == editedRange.lowerBound, context)
            #expect(regions.last?.upperBound == editedRange.upperBound, context)
            for region in regions {
                #expect(
                    transaction.delta.changes.contains {
                        $0.range.lowerBound <= region.lowerBound && $0.range.upperBound >= region.upperBound
                    }, context)
            }
            mapped.apply(transaction.delta)
            #expect(storage.string == model.string, context)
            #expect(storage.text.count(in: .utf16) == model.string.utf16.count, context)
            #expect(storage.text.count(in: .utf32) == model.string.unicodeScalars.count, context)
            let length = model.bytes.count
            #expect(flatten(storage.syntaxRuns(in: storage.text.utf8Range)) == model.styles, context)
            #expect(mapped.styles == model.styles, context)
            let storageLinks = flatten(storage.links(in: storage.text.utf8Range), length: length)
            #expect(mapped.links == storageLinks, context)
            if !hook.threw {
                let writtenTargets = expectedTargets(hook.linkWrites, model: mapped)
                #expect(storageLinks.map { $0?.target } == writtenTargets, context)
            }
            model.links = storageLinks
            let storageSpans = flatten(storage.spans(in: storage.text.utf8Range), length: length)
            #expect(mapped.spans == storageSpans, context)
            if !hook.threw {
                var kinds = mapped.spans.map { $0?.kind }
                for write in hook.spanWrites {
                    for index in write.range { kinds[index] = nil }
                    for span in write.spans {
                        for index in span.range { kinds[offset: index] = span.attribute.kind }
                    }
                }
                #expect(storageSpans.map { $0?.kind } == kinds, context)
            }
            model.spans = storageSpans
            #expect(transaction.hookFailures.count == (hook.threw ? 1 : 0), context)
        }
    }

    private func randomEdit(_ model: StorageModel, _ random: inout SeededGenerator) -> (Range<Int>, String) {
        let text = model.string
        let starts = validOffsets(text)
        let lower = starts.randomElement(using: &random) ?? 0
        let later = starts.filter { $0 >= lower && $0 <= lower + (text.utf8.count > 800 ? 200 : 12) }
        let upper = later.randomElement(using: &random) ?? lower
        return (lower..<upper, RandomText.string(maxPieces: 5, using: &random))
    }

    /// UTF-8 offsets on scalar boundaries and not inside \r\n.
    private func validOffsets(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var result: [Int] = []
        for offset in 0...bytes.count {
            if offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { continue }
            if offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A {
                continue
            }
            result.append(offset)
        }
        return result
    }

    private func flatten(_ runs: [AttributeRun<StyleID>]) -> [StyleID] {
        runs.flatMap { Array(repeating: $0.value, count: $0.length) }
    }

    private func flatten(_ spans: [Span], length: Int) -> [SpanAttribute?] {
        var result = [SpanAttribute?](repeating: nil, count: length)
        for span in spans { for index in span.range { result[offset: index] = span.attribute } }
        return result
    }

    private func flatten(_ spans: [LinkSpan], length: Int) -> [LinkAttribute?] {
        var result = [LinkAttribute?](repeating: nil, count: length)
        for span in spans { for index in span.range { result[offset: index] = span.link } }
        return result
    }

    /// The link targets per byte after the hook's writes, computed without the storage.
    private func expectedTargets(_ writes: [(range: Range<Int>, links: [LinkSpan])], model: StorageModel)
        -> [String?]
    {
        var targets = model.links.map { $0?.target }
        for write in writes {
            for index in write.range { targets[index] = nil }
            for span in write.links { for index in span.range { targets[offset: index] = span.link.target } }
        }
        return targets
    }
}
