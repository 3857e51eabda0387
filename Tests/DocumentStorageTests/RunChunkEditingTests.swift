import TestSupport
import Testing

@testable import DocumentStorage

/// A run chunk edited in place holds what a unit-by-unit model of it holds, keeps its runs
/// non-empty with no equal neighbours, and is left as it was when the edit does not fit.
@Suite struct RunChunkEditingTests {
    static func units(of runs: [AttributeRun<StyleID>]) -> [StyleID] {
        runs.flatMap { Array(repeating: $0.value, count: $0.length) }
    }

    static func randomRuns(upTo count: Int, using random: inout SeededGenerator) -> [AttributeRun<StyleID>] {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in
            AttributeRun(
                length: Int.random(in: 0...4, using: &random),
                value: StyleID(rawValue: UInt32.random(in: 0..<3, using: &random)))
        }
    }

    @Test func editsInPlaceMatchAUnitModelAndKeepRunsMerged() {
        var random = SeededGenerator(fallback: 0x52C4_0001)
        for step in 0..<20_000 {
            let chunk = RunChunk(runs: Self.randomRuns(upTo: RunChunk<StyleID>.maximumRuns, using: &random))
            guard chunk.runs.count <= RunChunk<StyleID>.maximumRuns else { continue }
            let lower = Int.random(in: 0...chunk.count, using: &random)
            let upper = Int.random(in: lower...chunk.count, using: &random)
            let inserted = Self.randomRuns(upTo: 3, using: &random)
            let replacement = inserted.isEmpty ? nil : RunChunk(runs: inserted)
            var edited = chunk
            let fitted = edited.replaceInPlace(lower..<upper, with: replacement, isLastLeaf: false)
            guard fitted else {
                #expect(edited.runs == chunk.runs && edited.count == chunk.count, "step \(step)")
                continue
            }
            var model = Self.units(of: chunk.runs)
            model.replaceSubrange(lower..<upper, with: Self.units(of: inserted))
            #expect(Self.units(of: edited.runs) == model, "step \(step)")
            #expect(edited.count == model.count, "step \(step)")
            #expect(edited.runs.allSatisfy { $0.length > 0 }, "step \(step)")
            #expect(
                zip(edited.runs, edited.runs.dropFirst()).allSatisfy { $0.value != $1.value }, "step \(step)")
            #expect(edited.runs.count <= RunChunk<StyleID>.maximumRuns, "step \(step)")
        }
    }
}
