import CPCRE2

/// What a compiled pattern says about the bytes any match needs, used to skip searches that
/// cannot succeed on the current line without calling PCRE2.
///
/// It relies on the same facts PCRE2 uses for its own start-up optimizations: the first code
/// unit (or the bitmap of possible first code units) and the rightmost required code unit.
/// Because `pcre2_pattern_info` does not say whether those units are caseless, an ASCII letter
/// is checked in both cases, and letters with non-ASCII case variants (`k`, `s`) and non-ASCII
/// units are not used at all.
struct SearchPrefilter: ~Copyable, Sendable {
    // Bytes that may start a match, as four 64-bit words; all ones when anything may.
    private var first: (UInt64, UInt64, UInt64, UInt64) = (~0, ~0, ~0, ~0)
    // Up to two bytes of which one must occur in the match after its start; -1 when unused.
    private var required: (Int, Int) = (-1, -1)
    // Pairs of bytes that top-level lookaheads require, at or after the search start (one
    // byte of each pair); -1 when unused.
    private var lookaheadRequired: (Int, Int) = (-1, -1)
    private var lookaheadRequired2: (Int, Int) = (-1, -1)
    // Literals every match contains, read from the Oniguruma tree.
    let literals: LiteralFilter
    // Whole words every match contains.
    let words: WordFilter

    init(code: OpaquePointer, source: String, requiredLiterals: [[UInt8]] = [], requiredWords: [[UInt8]] = [])
    {
        literals = LiteralFilter.make(requiredLiterals)
        words = WordFilter.make(requiredWords)
        var firstType: UInt32 = 0
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &firstType)
        if firstType == 1 {
            var unit: UInt32 = 0
            _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit)
            if let variants = Self.caseVariants(unit) {
                var words: [UInt64] = [0, 0, 0, 0]
                for byte in variants { words[Int(byte) >> 6] |= 1 << UInt64(byte & 63) }
                first = (words[0], words[1], words[2], words[3])
            }
        } else if firstType == 0 {
            var bitmap: UnsafePointer<UInt8>?
            if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &bitmap) == 0, let bitmap {
                var words: [UInt64] = [0, 0, 0, 0]
                for byte in 0..<256 where bitmap[byte >> 3] & (1 << UInt8(byte & 7)) != 0 {
                    words[byte >> 6] |= 1 << UInt64(byte & 63)
                }
                first = (words[0], words[1], words[2], words[3])
            }
        }
        var lastType: UInt32 = 0
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_LASTCODETYPE), &lastType)
        if lastType == 1 {
            var unit: UInt32 = 0
            _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_LASTCODEUNIT), &unit)
            if let variants = Self.caseVariants(unit), let head = variants.first {
                required = (Int(head), Int(variants.last ?? head))
            }
        }
        var units: [(Int, Int)] = []
        for body in Self.topLevelLookaheads(Array(source.utf8)) ?? [] {
            units += Self.requiredUnits(ofLookahead: body)
        }
        if units.count > 0 { lookaheadRequired = units[0] }
        if units.count > 1 { lookaheadRequired2 = units[units.count - 1] }
    }

    // The bytes to look for in place of `unit`, or nil when the unit is not safe to use.
    static func caseVariants(_ unit: UInt32) -> [UInt8]? {
        guard unit < 0x80 else { return nil }
        let byte = UInt8(unit)
        let lower = byte | 0x20
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) {
            // K and S have non-ASCII case variants (KELVIN SIGN, LONG S).
            if lower == UInt8(ascii: "k") || lower == UInt8(ascii: "s") { return nil }
            return [lower, lower & ~0x20]
        }
        return [byte]
    }

    /// Whether a match starting at or after `position` is possible on the profiled line,
    /// searched as a subject of `length` bytes (shorter for a capture retokenized alone).
    ///
    /// Static over a pointer: a method on the struct read through `pointee` copied all of its
    /// 112 bytes to the stack on every call, the scan's hottest instructions.
    @inline(__always)
    static func mayMatch(
        _ filter: UnsafePointer<SearchPrefilter>, from position: Int, in line: LineProfile, length: Int
    ) -> Bool {
        let lastIndex = line.lastIndex
        let required = filter.pointee.required
        if required.0 >= 0, lastIndex[required.0] < position, lastIndex[required.1] < position {
            return false
        }
        let lookahead = filter.pointee.lookaheadRequired
        if lookahead.0 >= 0, lastIndex[lookahead.0] < position, lastIndex[lookahead.1] < position {
            return false
        }
        let lookahead2 = filter.pointee.lookaheadRequired2
        if lookahead2.0 >= 0, lastIndex[lookahead2.0] < position, lastIndex[lookahead2.1] < position {
            return false
        }
        let present = line.presence
        let first = filter.pointee.first
        guard
            first.0 & present.0 != 0 || first.1 & present.1 != 0 || first.2 & present.2 != 0
                || first.3 & present.3 != 0
        else { return false }
        return filter.pointee.literals.mayOccur(from: position, in: line)
            && filter.pointee.words.mayOccur(from: position, in: line, length: length)
    }

    /// What any match needs of a whole line, whatever the search start (`LineRequirement`).
    var lineRequirement: LineRequirement {
        let pairs = [required, lookaheadRequired, lookaheadRequired2].filter { $0.0 >= 0 }.map {
            (UInt8(truncatingIfNeeded: $0.0), UInt8(truncatingIfNeeded: $0.1))
        }
        return LineRequirement(first: first, pairs: pairs)
    }
}
