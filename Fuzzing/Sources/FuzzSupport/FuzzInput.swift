/// Turns the fuzzer's bytes into choices, for structure-aware targets: each read consumes a
/// few bytes, and an exhausted input reads as zeros so every input decodes to something.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isExhausted: Bool { index >= bytes.count }

    /// The next byte (0 once exhausted).
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<bound` (bound ≤ 65,536).
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = Int(byte()) | Int(byte()) << 8
        return value % bound
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A number biased towards the values that break arithmetic: Int's extremes, zero, small
    /// numbers near the document's size, powers of two.
    public mutating func hostileInt() -> Int {
        switch below(12) {
        case 0: return .max
        case 1: return .min
        case 2: return .max - Int(byte())
        case 3: return -Int(byte())
        case 4: return 1 << below(63)
        default: return Int(byte())
        }
    }

    /// Text made of pieces that matter to the storage, the tokenizer and the link detector:
    /// multi-byte scalars, every line ending, brackets, quotes, links.
    public mutating func text(maxPieces: Int = 12) -> String {
        let pieces = [
            "a", "é", "😀", "\n", "\r\n", "\r", "{", "}", "\"", "www.a.com", "http://x.io/p?q=1", "日本", "\t",
            "/*", "*/", "`", "${", "//", " ", "0x1F", "true", "fn", "\u{301}", "mail@b.org", "[", "]", ":",
        ]
        return (0..<below(maxPieces + 1)).map { _ in pick(pieces) }.joined()
    }

    /// The unread rest.
    public mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}
