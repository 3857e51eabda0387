import Foundation

/// A deterministic random generator (SplitMix64) for property tests.
///
/// The seed comes from `SEED` when set, so a failure printed with its seed can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    /// A generator seeded from `SEED`, else from `fallback`.
    public init(fallback: UInt64) {
        self.init(seed: Self.seedFromEnvironment(fallback: fallback))
    }

    /// The seed from the `SEED` environment variable, else `fallback`.
    public static func seedFromEnvironment(fallback: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) } ?? fallback
    }

    /// A generator with an explicit seed.
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random text that stresses encodings and line terminators.
public enum RandomText {
    /// Pieces mixing ASCII, two- and three-byte scalars, astral emoji (surrogate pairs in
    /// UTF-16), combining marks and every kind of line terminator.
    public static let alphabet: [String] = [
        "a", "b", "z", " ", "\t", "é", "ß", "日", "本", "😀", "👍🏽", "e\u{301}", "\u{301}", "\n", "\r\n", "\r",
        "x\r", "\ny", "𝄞", "Ω",
    ]

    /// A random string of up to `maxPieces` pieces from the alphabet.
    public static func string(maxPieces: Int, using generator: inout some RandomNumberGenerator) -> String {
        let count = Int.random(in: 0...maxPieces, using: &generator)
        var result = ""
        for _ in 0..<count {
            result += alphabet.randomElement(using: &generator) ?? "a"
        }
        return result
    }
}
