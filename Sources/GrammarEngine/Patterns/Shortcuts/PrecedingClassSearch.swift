import CPCRE2
import RegexTranslation

/// Searches for a pattern that begins with a lookbehind of one ASCII character of a set
/// (`PrecedingClass`, `(?<=\.)…`), run as the same pattern with that character consumed and
/// the match start set after it (`\.\K…`), so that PCRE2 looks for the character instead of
/// trying every start the rest of the pattern allows.
///
/// From a search start `s`, the original's leftmost match starts at the first `p ≥ s` whose
/// previous byte is in the set and where the rest matches; the rewrite's leftmost match
/// consumes that byte at `p - 1`, so it is searched from `s - 1` when the byte before `s` is in
/// the set (an ASCII byte, so `s - 1` is a character boundary) and from `s` otherwise (then
/// no match starts at `s`). The groups are the same: the consumed character is in none.
///
/// The pattern's prefilter still comes from the original code: the rewrite's required bytes
/// may lie one byte before the search start.
final class PrecedingClassSearch: @unchecked Sendable {
    /// The rewritten code; freed here.
    let code: OpaquePointer
    /// Its JIT code, deferred as the original's is.
    let jit: DeferredJIT
    /// The set's characters, as a mask over ASCII (`ClassRunSearch.contains`).
    let members: (UInt64, UInt64)

    /// The search for `preceding` of the translated `source`, compiled with `compile`; nil
    /// when the source does not begin with the lookbehind as expected, or the rewrite or its
    /// class does not compile.
    init?(
        _ preceding: PrecedingClass, source: String, jitThreshold: Int, compile: (String) -> OpaquePointer?
    ) {
        let lookbehind = Array("(?<=\(preceding.characterSource))".utf8)
        let bytes = Array(source.utf8)
        guard bytes.starts(with: lookbehind),
            let members = PCRE2ClassOracle.shared.asciiMembers(preceding.characterSource),
            members != (0, 0)
        else { return nil }
        let rest = String(decoding: bytes[lookbehind.count...], as: UTF8.self)
        guard let code = compile(preceding.characterSource + "\\K" + rest) else { return nil }
        self.code = code
        self.members = members
        jit = DeferredJIT(code, threshold: jitThreshold)
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Where the rewritten pattern is searched from, for a search of the original from
    /// `start`.
    @inline(__always)
    func rewrittenStart(_ subject: UnsafePointer<UInt8>, from start: Int) -> Int {
        start > 0 && ClassRunSearch.contains(members, subject[start - 1]) ? start - 1 : start
    }
}
