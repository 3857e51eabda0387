import CPCRE2
import Foundation

/// Searches for a pattern with a leading run (`LeadingRun`: zero-width assertions, a run of
/// one class, then a byte) by trying only the starts such a match can have, each with a copy
/// of the pattern compiled anchored.
///
/// A match starts inside the run of class characters right before an occurrence of the byte
/// (the byte is no class character, so the run is the longest such run: `LeadingRunSkip`).
/// The runs before two occurrences never overlap, so taking the occurrences in order and each
/// run's starts from its first gives the starts in order, and the first at which the anchored
/// copy matches is where the original's leftmost match starts, with the same groups. Searched
/// from the run before the byte's first occurrence only, PCRE2 went on trying every class
/// character after it: JavaScript's regular-expression literal, `(?<=…)\s*+(\/)…`, read
/// 50 bytes a search on jQuery, each a try of a lookbehind of twenty alternatives. A byte
/// outside ASCII before an occurrence leaves the search to the original pattern from the
/// start.
final class AnchoredLeadingRunSearch: @unchecked Sendable {
    let skip: LeadingRunSkip
    /// The pattern compiled with `PCRE2_ANCHORED`; freed here.
    let code: OpaquePointer
    /// Its JIT code, deferred as the original's is.
    let jit: DeferredJIT

    /// The search for `skip`, with the anchored copy `compileAnchored` makes; nil when it does
    /// not compile, or when the byte is a class character.
    init?(_ skip: LeadingRunSkip, jitThreshold: Int, compileAnchored: () -> OpaquePointer?) {
        guard !ClassRunSearch.contains(skip.run, skip.byte), let code = compileAnchored() else { return nil }
        self.skip = skip
        self.code = code
        jit = DeferredJIT(code, threshold: jitThreshold)
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// What a search from `start` found: `.found` (the ovector holds the match), `.none`, or
    /// `.original` when the original pattern must answer from `start`.
    enum Outcome {
        case found, none, original
    }

    /// Tries the possible starts in `subject[start..<length]` in order with `match`, which runs
    /// the anchored code from a position and returns PCRE2's result.
    @inline(__always)
    func search(
        _ subject: UnsafePointer<UInt8>, length: Int, from start: Int, match: (Int) -> Int32
    ) -> (outcome: Outcome, limit: Bool) {
        var from = start
        while from < length, let found = memchr(subject + from, Int32(skip.byte), length - from) {
            let byte = subject.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var first = byte
            while first > start {
                let previous = subject[first - 1]
                if previous >= 0x80 { return (.original, false) }
                guard ClassRunSearch.contains(skip.run, previous) else { break }
                first -= 1
            }
            for candidate in first...byte {
                let rc = match(candidate)
                if rc > 0 { return (.found, false) }
                if Pattern.isLimit(rc) { return (.none, true) }
            }
            from = byte + 1
        }
        return (.none, false)
    }
}
