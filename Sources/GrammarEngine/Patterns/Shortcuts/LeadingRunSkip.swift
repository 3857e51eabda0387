import Foundation
import RegexTranslation

/// Where a search for a pattern with a leading run (`LeadingRun`: a run of one class, then a
/// byte) can start: at the run of class characters right before the byte's first
/// occurrence. The run's ASCII members come from PCRE2 itself; a character outside ASCII
/// before the byte leaves the start where it was, since whether it belongs to the class is
/// PCRE2's to say.
struct LeadingRunSkip: Sendable {
    let byte: UInt8
    let run: (UInt64, UInt64)

    /// The skip for `leading`, or nil when its class does not compile.
    init?(_ leading: LeadingRun) {
        guard leading.byte < 0x80, let run = PCRE2ClassOracle.shared.asciiMembers(leading.runClass) else {
            return nil
        }
        self.byte = leading.byte
        self.run = run
    }

    /// The first start from which a match is possible in `subject[start..<length]`, or nil
    /// when the byte does not occur there and no match is.
    @inline(__always)
    func firstStart(in subject: UnsafePointer<UInt8>, length: Int, from start: Int) -> Int? {
        guard length > start, let found = memchr(subject + start, Int32(byte), length - start) else {
            return nil
        }
        var position = subject.distance(to: found.assumingMemoryBound(to: UInt8.self))
        while position > start {
            let previous = subject[position - 1]
            if previous >= 0x80 { return start }
            guard ClassRunSearch.contains(run, previous) else { break }
            position -= 1
        }
        return position
    }
}
