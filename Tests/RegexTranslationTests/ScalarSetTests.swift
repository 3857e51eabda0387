import TestSupport
import Testing

@testable import RegexTranslation

/// `ScalarSet` against `Set<UInt32>` as the model: random inserts and ranges on both sides of
/// the bitmap's words and of its end at 256, then every question the analyses ask.
@Suite struct ScalarSetTests {
    static func below(_ bound: UInt32, _ generator: inout SeededGenerator) -> UInt32 {
        UInt32.random(in: 0..<bound, using: &generator)
    }

    /// A random set built both ways: scalars mostly below 300, ranges of up to 150 scalars.
    static func randomPair(_ generator: inout SeededGenerator) -> (ScalarSet, Set<UInt32>) {
        var set = ScalarSet()
        var model = Set<UInt32>()
        for _ in 0..<Int(Self.below(6, &generator)) {
            if Self.below(2, &generator) == 0 {
                let scalar =
                    Self.below(10, &generator) == 0
                    ? 0x1F600 + Self.below(5, &generator) : Self.below(300, &generator)
                set.insert(scalar)
                model.insert(scalar)
            } else {
                let low = Self.below(320, &generator)
                let high = low + Self.below(150, &generator)
                set.insert(contentsOf: low...high)
                model.formUnion(low...high)
            }
        }
        return (set, model)
    }

    @Test func everyQuestionHasTheAnswerOfASetOfScalars() {
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<3_000 {
            let (first, firstModel) = Self.randomPair(&generator)
            let (second, secondModel) = Self.randomPair(&generator)
            #expect(first.sorted() == firstModel.sorted())
            #expect(first.count == firstModel.count)
            #expect(first.isEmpty == firstModel.isEmpty)
            #expect(first.union(second).sorted() == firstModel.union(secondModel).sorted())
            #expect(first.isDisjoint(with: second) == firstModel.isDisjoint(with: secondModel))
            #expect((first == second) == (firstModel == secondModel))
            #expect((first.union(second) == second.union(first)))
            for _ in 0..<8 {
                let scalar = Self.below(480, &generator)
                #expect(first.contains(scalar) == firstModel.contains(scalar))
            }
            #expect(ScalarSet(firstModel) == first)
        }
    }

    @Test func rangesFillWholeWordsAndStopAtTheirEnds() {
        var set = ScalarSet()
        set.insert(contentsOf: 0...255)
        #expect(set.count == 256)
        set.insert(contentsOf: 250...300)
        #expect(set.count == 301)
        #expect(set.sorted() == Array(0...300))
        var word = ScalarSet()
        word.insert(contentsOf: 64...127)
        #expect(word.sorted() == Array(64...127))
        #expect(!word.contains(63) && !word.contains(128))
    }
}
