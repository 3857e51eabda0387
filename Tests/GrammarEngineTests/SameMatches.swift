import GrammarEngine
import Testing

/// Expects `candidate` to find what `oracle` finds from every start of each text, searched
/// whole and at every shorter length `lengths` gives (a capture retokenized alone is a
/// shorter subject); returns how many of those searches found a match, so that a test can
/// check it compared enough of them.
func expectSameMatches(
    _ candidate: Pattern, as oracle: Pattern, in texts: [String],
    lengths: ([UInt8]) -> [Int] = { [$0.count] }, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var found = 0
    for text in texts {
        let subject = Array(text.utf8)
        subject.withUnsafeBufferPointer { buffer in
            for length in lengths(subject) {
                for start in 0...length {
                    let expected = oracle.firstMatch(in: buffer, length: length, from: start)
                    if expected != nil { found += 1 }
                    #expect(
                        candidate.firstMatch(in: buffer, length: length, from: start) == expected,
                        "\(label) in \(text.debugDescription)[..<\(length)] from \(start)",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }
    return found
}

/// The whole subject and one cut a little short at a character's start, as captures are
/// (PCRE2 reads the subject as valid UTF-8).
func wholeAndCutShort(by bytes: Int) -> ([UInt8]) -> [Int] {
    { subject in
        var shorter = max(0, subject.count - bytes)
        while shorter > 0, shorter < subject.count, subject[shorter] & 0xC0 == 0x80 { shorter -= 1 }
        return shorter == subject.count ? [subject.count] : [subject.count, shorter]
    }
}
