import CPCRE2
import RegexTranslation

/// The ASCII members of a `ClassRun`'s classes, as PCRE2 itself decides them, for finding
/// the run without calling PCRE2 on ASCII text (`Pattern.search`). A byte outside ASCII,
/// before the run, inside it or read by a guard, sends the search back to PCRE2: whether a
/// character outside ASCII belongs to a class is PCRE2's to say.
///
/// A class, so that a search plan holding one stays a word wide: with the guards inline, the
/// plan was copied out of its pattern (`memcpy`, 200 bytes) at every search of every pattern,
/// which cost more instructions than the guarded runs saved.
final class ClassRunSearch: Sendable {
    /// Bit `b` of `first.0` (b < 64) or `first.1` (b - 64) is set when ASCII byte `b` is in the
    /// first class; `rest` likewise.
    let first: (UInt64, UInt64)
    let rest: (UInt64, UInt64)
    /// Whether the run is also capture group 1.
    let isCaptured: Bool
    /// The class the character after the run must not be in, when the run is followed by a
    /// negative lookahead.
    let notFollowedBy: (UInt64, UInt64)?
    /// The negative lookbehinds the run's start must pass.
    let guards: RunGuards
    /// The class of the optional character before the first, when there is one.
    let optionalPrefix: (UInt64, UInt64)?
    /// The lookahead after the run, when there is one.
    let lookahead: RunLookahead?

    /// The masks of `run`'s classes, or nil when a class does not compile, or when a
    /// following exclusion leaves out an ASCII character of the run's class: then a shorter
    /// run could match where the longest fails, which this search does not try. Nil too when
    /// the optional character could also be a first one: the run could then begin at it or
    /// after it, which this search does not weigh.
    init?(_ run: ClassRun) {
        let oracle = PCRE2ClassOracle.shared
        guard let first = oracle.asciiMembers(run.first), let rest = oracle.asciiMembers(run.rest),
            let guards = RunGuards(run.guards, oracle: oracle)
        else {
            return nil
        }
        if let source = run.optionalPrefix {
            // Its members outside ASCII never meet the masks: a byte outside ASCII where the
            // run may start sends the search to PCRE2.
            guard let prefix = oracle.asciiMembers(source), prefix.0 & first.0 == 0, prefix.1 & first.1 == 0
            else { return nil }
            optionalPrefix = prefix
        } else {
            optionalPrefix = nil
        }
        if let steps = run.followedBy {
            // A lookahead that could begin with a character of the run could match after a
            // shorter run where it fails after the longest, which this search does not try.
            guard let lookahead = RunLookahead(steps, oracle: oracle),
                lookahead.firstCharacters.0 & rest.0 == 0, lookahead.firstCharacters.1 & rest.1 == 0
            else { return nil }
            self.lookahead = lookahead
        } else {
            lookahead = nil
        }
        self.first = first
        self.rest = rest
        self.guards = guards
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
    /// excluded ones), so the search goes on from the run's end; so it does after a run where
    /// the lookahead fails.
    ///
    /// A start must pass the guards; where the optional character stands, the first class's
    /// character must follow it (it is never one itself, so no shorter match starts there).
    @inline(__always)
    func find(in subject: UnsafePointer<UInt8>, length: Int, from start: Int) -> Range<Int>?? {
        var position = start
        while true {
            var runStart = position
            // Where the first class's character stands: the start, or after the optional one.
            var firstAt = runStart
            while runStart < length {
                let byte = subject[runStart]
                if byte >= 0x80 { return nil }
                if Self.contains(first, byte) {
                    firstAt = runStart
                } else if let optionalPrefix, Self.contains(optionalPrefix, byte), runStart + 1 < length {
                    let next = subject[runStart + 1]
                    if next >= 0x80 { return nil }
                    guard Self.contains(first, next) else {
                        runStart += 1
                        continue
                    }
                    firstAt = runStart + 1
                } else {
                    runStart += 1
                    continue
                }
                guard let passes = guards.pass(subject, at: runStart) else { return nil }
                if passes { break }
                runStart += 1
            }
            guard runStart < length else { return .some(nil) }
            var runEnd = firstAt + 1
            while runEnd < length {
                let byte = subject[runEnd]
                if byte >= 0x80 { return nil }
                guard Self.contains(rest, byte) else { break }
                runEnd += 1
            }
            if let lookahead {
                guard let matches = lookahead.matches(subject, length: length, at: runEnd) else { return nil }
                if matches { return .some(runStart..<runEnd) }
                // Every start inside the run ends it at the same place, where the lookahead
                // fails again.
                position = runEnd
                continue
            }
            guard let excluded = notFollowedBy, runEnd < length, Self.contains(excluded, subject[runEnd])
            else {
                return .some(runStart..<runEnd)
            }
            position = runEnd
        }
    }
}
