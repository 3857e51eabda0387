import CPCRE2
import RegexTranslation

/// The ASCII members of a `ClassRun`'s two classes, as PCRE2 itself decides them, for finding
/// the run without calling PCRE2 on ASCII text (`Pattern.search`). A byte outside ASCII,
/// before the run or inside it, sends the search back to PCRE2: whether a character outside
/// ASCII belongs to a class is PCRE2's to say.
struct ClassRunSearch: Sendable {
    /// Bit `b` of `first.0` (b < 64) or `first.1` (b - 64) is set when ASCII byte `b` is in the
    /// first class; `rest` likewise.
    let first: (UInt64, UInt64)
    let rest: (UInt64, UInt64)
    /// Whether the run is also capture group 1.
    let isCaptured: Bool
    /// The class the character after the run must not be in, when the run is followed by a
    /// negative lookahead.
    let notFollowedBy: (UInt64, UInt64)?

    /// The masks of `run`'s classes, or nil when a class does not compile, or when a
    /// following exclusion leaves out an ASCII character of the run's class: then a shorter
    /// run could match where the longest fails, which this search does not try.
    init?(_ run: ClassRun) {
        let oracle = PCRE2ClassOracle.shared
        guard let first = oracle.asciiMembers(run.first), let rest = oracle.asciiMembers(run.rest) else {
            return nil
        }
        self.first = first
        self.rest = rest
        isCaptured = run.isCaptured
        if let source = run.notFollowedBy {
            guard let excluded = oracle.asciiMembers(source), rest.0 & ~excluded.0 == 0,
                rest.1 & ~excluded.1 == 0
            else { return nil }
            notFollowedBy = excluded
        } else {
            notFollowedBy = nil
        }
    }

    @inline(__always)
    static func contains(_ mask: (UInt64, UInt64), _ byte: UInt8) -> Bool {
        byte < 64 ? mask.0 & (1 << UInt64(byte)) != 0 : mask.1 & (1 << UInt64(byte &- 64)) != 0
    }

    /// Adds the ASCII `byte` to `mask` (bit `b` of the first word for b < 64, of the second for
    /// the rest); a byte outside ASCII is left out.
    static func insert(_ byte: UInt8, into mask: inout (UInt64, UInt64)) {
        guard byte < 0x80 else { return }
        if byte < 64 { mask.0 |= 1 << UInt64(byte) } else { mask.1 |= 1 << UInt64(byte - 64) }
    }

    /// The run's bounds in `subject[start..<length]`: `.some(nil)` for no run, nil when a byte
    /// outside ASCII leaves the answer to PCRE2.
    ///
    /// With an exclusion after the run, a run followed by an excluded character fails at every
    /// start inside it too (each reaches the same end, the run's characters all being
    /// excluded ones), so the search goes on from the run's end.
    @inline(__always)
    func find(in subject: UnsafePointer<UInt8>, length: Int, from start: Int) -> Range<Int>?? {
        var position = start
        while true {
            var runStart = position
            while runStart < length {
                let byte = subject[runStart]
                if byte >= 0x80 { return nil }
                if Self.contains(first, byte) { break }
                runStart += 1
            }
            guard runStart < length else { return .some(nil) }
            var runEnd = runStart + 1
            while runEnd < length {
                let byte = subject[runEnd]
                if byte >= 0x80 { return nil }
                guard Self.contains(rest, byte) else { break }
                runEnd += 1
            }
            guard let excluded = notFollowedBy, runEnd < length, Self.contains(excluded, subject[runEnd])
            else {
                return .some(runStart..<runEnd)
            }
            position = runEnd
        }
    }
}
