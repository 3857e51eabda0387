import CPCRE2
import RegexTranslation

/// A lookahead of the characters every match begins with (`MatchStart`), put in front of a
/// pattern for which PCRE2 found no start characters itself: given one, PCRE2 builds its
/// table of possible first bytes from it and skips to the next start that can match, where it
/// would have tried every start.
///
/// The lookahead holds wherever a match begins, so the matches, groups included, are the
/// same. The pattern goes in a non-capturing group after it, so that the lookahead stands in
/// front of every top-level alternative (the translation's source has no extended-mode
/// comment that could swallow the group's end). A class named in the set is asked for its
/// ASCII members (`PCRE2ClassOracle`), and such a class, like a fold of case, lets every
/// character outside ASCII begin a match.
enum StartLookahead {
    /// Above this many ASCII characters the set is left out: it would rule out few starts
    /// and add a test at each of the others. The bound is a choice, not a measurement; the
    /// identifier starts of a JavaScript grammar (54 ASCII characters) stay under it.
    static let mostASCIICharacters = 80

    /// The lookahead's PCRE2 source, or nil when the set is too broad or a class in it does
    /// not compile.
    static func source(for start: MatchStart) -> String? {
        var low = start.asciiLow
        var high = start.asciiHigh
        for classSource in start.classes {
            guard let members = PCRE2ClassOracle.shared.asciiMembers(classSource) else { return nil }
            low |= members.0
            high |= members.1
        }
        guard low.nonzeroBitCount + high.nonzeroBitCount <= mostASCIICharacters else { return nil }
        var items = ""
        var byte = 0
        while byte < 0x80 {
            guard ClassRunSearch.contains((low, high), UInt8(byte)) else {
                byte += 1
                continue
            }
            var last = byte
            while last + 1 < 0x80, ClassRunSearch.contains((low, high), UInt8(last + 1)) { last += 1 }
            items += Self.escaped(UInt32(byte))
            if last > byte { items += "-" + Self.escaped(UInt32(last)) }
            byte = last + 1
        }
        if start.anyOutsideASCII || !start.classes.isEmpty {
            items += "\\x{80}-\\x{10ffff}"
        } else {
            for scalar in start.others { items += Self.escaped(scalar) }
        }
        guard !items.isEmpty else { return nil }
        return "(?=[" + items + "])"
    }

    /// Whether `source` holds a `^` or `$` outside a class. PCRE2 10.42 misses matches of such
    /// a pattern behind a leading lookahead: with `PCRE2_MULTILINE`, `(?=[a])(?:^a)` finds
    /// nothing in `a`, nor `(?=[a])(?:(?<!z)|^)a` in `xa`, so those patterns go without one.
    static func hasLineAnchor(_ source: String) -> Bool {
        var bytes = source.utf8.makeIterator()
        var inClass = false
        var classStart = false
        while let byte = bytes.next() {
            let wasClassStart = classStart
            classStart = false
            switch byte {
            case UInt8(ascii: "\\"):
                // `\Q` quotes what follows: read no further.
                if bytes.next() == UInt8(ascii: "Q") { return true }
            case UInt8(ascii: "["):
                if !inClass {
                    inClass = true
                    classStart = true
                }
            case UInt8(ascii: "]"):
                if inClass, !wasClassStart { inClass = false }
            case UInt8(ascii: "^"):
                if inClass { classStart = wasClassStart } else { return true }
            case UInt8(ascii: "$"):
                if !inClass { return true }
            default:
                break
            }
        }
        return false
    }

    /// Whether PCRE2 already knows where `code`'s matches can start (a first code unit, a
    /// line start, a table of first bytes) or is anchored, so that a lookahead adds nothing.
    static func isNeeded(for code: OpaquePointer) -> Bool {
        var firstType: UInt32 = 0
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &firstType)
        guard firstType == 0 else { return false }
        var bitmap: UnsafePointer<UInt8>?
        if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &bitmap) == 0, bitmap != nil {
            return false
        }
        var options: UInt32 = 0
        _ = pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_ALLOPTIONS), &options)
        return options & UInt32(PCRE2_ANCHORED) == 0
    }

    private static func escaped(_ scalar: UInt32) -> String {
        "\\x{" + String(scalar, radix: 16) + "}"
    }
}
