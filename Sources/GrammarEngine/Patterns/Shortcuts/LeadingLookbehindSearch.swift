import CPCRE2
import RegexTranslation

/// Searches for a pattern that begins with a lookbehind of a short ASCII text
/// (`LeadingLookbehind`: `(?<=\.)…`, `(?<=@param|@arg)…`), run as the same pattern with the
/// text consumed and the match start set after it (`\.\K…`), so that PCRE2 looks for the text
/// instead of trying every start the rest of the pattern allows.
///
/// From a search start `s`, the original's leftmost match starts at the first `p ≥ s` that the
/// text ends at and where the rest matches. The rewrite finds the text at `q` and matches the
/// rest at `q + length`; the places the text occurs never overlap (`LeadingLookbehind`), so
/// searched from `s` it finds every such `p` whose text starts at `s` or later, in order. A
/// text that starts before `s` and ends at `s` or later needs one of its first bytes in the
/// `longest` bytes before `s`:
/// - for one character, that is the byte before `s`, and the rewrite is searched from `s - 1`
///   (an ASCII byte, so a character boundary);
/// - for strings, the original pattern is searched from `s` instead, as without the shortcut
///   (rare: a search that starts within a few bytes after such a byte).
///
/// The groups are the same: the consumed text is in none. The pattern's prefilter still comes
/// from the original code, since the rewrite's required bytes may lie before the search start.
final class LeadingLookbehindSearch: @unchecked Sendable {
    /// The rewritten code; freed here.
    let code: OpaquePointer
    /// Its JIT code, deferred as the original's is.
    let jit: DeferredJIT
    /// The text's first characters, as a mask over ASCII (`ClassRunSearch.contains`).
    let firstBytes: (UInt64, UInt64)
    /// The longest text, in bytes.
    let longest: Int

    /// The search for `lookbehind` of the translated `source`, compiled with `compile`; nil
    /// when the source does not begin with the lookbehind as expected, or the rewrite or its
    /// class does not compile.
    init?(
        _ lookbehind: LeadingLookbehind, source: String, jitThreshold: Int,
        compile: (String) -> OpaquePointer?
    ) {
        let prefix = Array("(?<=\(lookbehind.bodySource))".utf8)
        let bytes = Array(source.utf8)
        guard bytes.starts(with: prefix), lookbehind.longest >= 1 else { return nil }
        // A class's members come from PCRE2; strings name their first bytes.
        var mask: (UInt64, UInt64) = (0, 0)
        if lookbehind.firstBytes.isEmpty {
            guard let members = PCRE2ClassOracle.shared.asciiMembers(lookbehind.bodySource) else {
                return nil
            }
            mask = members
        } else {
            for byte in lookbehind.firstBytes { ClassRunSearch.insert(byte, into: &mask) }
        }
        guard mask != (0, 0) else { return nil }
        let rest = String(decoding: bytes[prefix.count...], as: UTF8.self)
        guard let code = compile(lookbehind.consumedSource + "\\K" + rest) else { return nil }
        self.code = code
        firstBytes = mask
        longest = lookbehind.longest
        jit = DeferredJIT(code, threshold: jitThreshold)
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Where the rewritten pattern is searched from, for a search of the original from
    /// `start`; nil when the original must be searched instead.
    @inline(__always)
    func rewrittenStart(_ subject: UnsafePointer<UInt8>, from start: Int) -> Int? {
        guard start > 0 else { return start }
        if longest == 1 {
            return ClassRunSearch.contains(firstBytes, subject[start - 1]) ? start - 1 : start
        }
        for position in max(0, start - longest)..<start
        where ClassRunSearch.contains(firstBytes, subject[position]) {
            return nil
        }
        return start
    }
}
