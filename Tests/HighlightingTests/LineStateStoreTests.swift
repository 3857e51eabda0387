import Highlighting
import TestSupport
import Testing

@Suite struct LineStateStoreTests {
    @Test func newStoreHoldsUnknownInvalidLines() {
        let store = LineStateStore<Int>(lineCount: 10)
        #expect(store.count == 10)
        #expect(store.invalidCount == 10)
        #expect(store[7] == .unknown)
        #expect(store.firstInvalidLine() == 0)
    }

    @Test func randomLineInsertionsAndDeletionsMatchAnArray() {
        var generator = SeededGenerator(fallback: 0x11E5)
        var store = LineStateStore<Int>(lineCount: 5)
        var model = [LineEntry<Int>](repeating: .unknown, count: 5)
        for step in 0..<2_000 {
            let choice = Int.random(in: 0..<10, using: &generator)
            let entry = LineEntry(
                endState: Bool.random(using: &generator) ? Int.random(in: 0..<5, using: &generator) : nil,
                isValid: Int.random(in: 0..<4, using: &generator) != 0)
            switch choice {
            case 0..<4:
                let line = Int.random(in: 0..<model.count, using: &generator)
                store[line] = entry
                model[line] = entry
            case 4..<7:
                let lower = Int.random(in: 0...model.count, using: &generator)
                let upper = min(model.count, lower + Int.random(in: 0...12, using: &generator))
                var inserted = (0..<Int.random(in: 0...20, using: &generator)).map { _ in entry }
                if model.count - (upper - lower) + inserted.count == 0 { inserted = [entry] }
                store.replaceLines(lower..<upper, with: inserted)
                model.replaceSubrange(lower..<upper, with: inserted)
            case 7:
                let line = Int.random(in: 0..<model.count, using: &generator)
                store.invalidate(line)
                model[line].isValid = false
            default:
                let from = Int.random(in: 0...model.count, using: &generator)
                let expected = model.indices.first { $0 >= from && !model[$0].isValid }
                #expect(
                    store.firstInvalidLine(atOrAfter: from) == expected, "seed \(generator.seed) step \(step)"
                )
            }
            #expect(store.count == model.count, "seed \(generator.seed) step \(step)")
            #expect(
                store.invalidCount == model.filter { !$0.isValid }.count,
                "seed \(generator.seed) step \(step)")
            if step % 50 == 0 { #expect(store.entries == model, "seed \(generator.seed) step \(step)") }
        }
        #expect(store.entries == model)
        for line in model.indices { #expect(store[line] == model[line]) }
    }

    /// Runs of unknown lines share their chunks' storage until a line is set: setting lines in
    /// one of them must leave every other as it was.
    @Test func runsOfUnknownLinesMatchAnArrayWhateverIsSetInThemLater() {
        var generator = SeededGenerator(fallback: 0x29)
        var store = LineStateStore<Int>(lineCount: 37)
        var model = [LineEntry<Int>](repeating: .unknown, count: 37)
        for step in 0..<1_000 {
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let lower = Int.random(in: 0...model.count, using: &generator)
                let upper = min(model.count, lower + Int.random(in: 0...30, using: &generator))
                var count = Int.random(in: 0...60, using: &generator)
                if model.count - (upper - lower) + count == 0 { count = 1 }
                store.replaceLines(lower..<upper, withUnknownLines: count)
                model.replaceSubrange(lower..<upper, with: repeatElement(.unknown, count: count))
            } else {
                let line = Int.random(in: 0..<model.count, using: &generator)
                let entry = LineEntry(endState: step, isValid: Bool.random(using: &generator))
                store[line] = entry
                model[line] = entry
            }
            #expect(store.count == model.count, "seed \(generator.seed) step \(step)")
            #expect(
                store.invalidCount == model.filter { !$0.isValid }.count,
                "seed \(generator.seed) step \(step)")
        }
        #expect(store.entries == model)
        #expect(LineStateStore<Int>(lineCount: 1_000).entries == Array(repeating: .unknown, count: 1_000))
    }

    @Test func invalidatingAllKeepsEndStates() {
        var store = LineStateStore<Int>(lineCount: 3)
        for line in 0..<3 { store[line] = LineEntry(endState: line, isValid: true) }
        #expect(store.invalidCount == 0)
        store.invalidateAll()
        #expect(store.entries == (0..<3).map { LineEntry(endState: $0, isValid: false) })
    }

    @Test func stateCostsFewBytesPerLine() {
        let store = LineStateStore<Int>(lineCount: 100_000)
        // Debug builds use tiny leaves, so the bound is loose here; release builds hold ~17.
        #expect(store.estimatedBytesPerLine < 64)
    }
}
