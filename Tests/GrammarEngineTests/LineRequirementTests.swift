import TestSupport
import Testing

@testable import GrammarEngine

/// A line admits an entry's requirement exactly when it holds a byte the entry may start
/// with and one byte of each required pair: a naive model over random byte sets and lines.
@Suite struct LineRequirementTests {
    static func bits(_ bytes: some Sequence<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        var words: [UInt64] = [0, 0, 0, 0]
        for byte in bytes { words[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
        return (words[0], words[1], words[2], words[3])
    }

    @Test func admitsExactlyTheLinesANaiveCheckAdmits() {
        var generator = SeededGenerator(seed: 11)
        // A small alphabet across all four words, so that lines and sets often meet.
        let alphabet: [UInt8] = [0x09, 0x20, 0x28, 0x30, 0x41, 0x5F, 0x61, 0x7B, 0x80, 0xC3, 0xE2, 0xFF]
        var admitted = 0
        for _ in 0..<5_000 {
            let first = Set(
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            let pairs = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                (alphabet.randomElement(using: &generator)!, alphabet.randomElement(using: &generator)!)
            }
            let line = Set(
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            let requirement = LineRequirement(first: Self.bits(first), pairs: pairs)
            let expected =
                !first.isDisjoint(with: line)
                && pairs.allSatisfy { line.contains($0.0) || line.contains($0.1) }
            let presence = Self.bits(line)
            let admits = withUnsafeBytes(of: presence) { raw in
                requirement.admits(raw.baseAddress!.assumingMemoryBound(to: UInt64.self))
            }
            #expect(admits == expected, "first \(first.sorted()), pairs \(pairs), line \(line.sorted())")
            if expected { admitted += 1 }
        }
        #expect(admitted > 500 && admitted < 4_500, "both answers are exercised: \(admitted)")
    }

    /// An empty line is still its line feed, the one byte every subject ends with.
    @Test func aRequirementOfAnyStartAndNoPairIsTrivialAndAdmitsAnEmptyLine() {
        #expect(LineRequirement.none.isTrivial)
        let empty = Self.bits([0x0A])
        let admits = withUnsafeBytes(of: empty) { raw in
            LineRequirement.none.admits(raw.baseAddress!.assumingMemoryBound(to: UInt64.self))
        }
        #expect(admits)
        #expect(!LineRequirement(first: (~0, ~0, ~0, ~0), pairs: [(0x41, 0x61)]).isTrivial)
    }
}
