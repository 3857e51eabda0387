import RegexTranslation

/// A class run's negative lookbehinds (`ClassRun.guards`) as masks over ASCII: up to three,
/// each of one or two characters, kept inline so that checking them at a start reads no
/// array.
///
/// A lookbehind sees the whole subject, before the search start too, as PCRE2's does. Where
/// it would read a byte outside ASCII, the answer is PCRE2's to give (`pass` returns nil).
struct RunGuards: Sendable {
    /// One lookbehind: the class of the character just before the start, and of the one
    /// before that for a lookbehind of two.
    struct Guard: Sendable {
        var near: (UInt64, UInt64)
        var far: (UInt64, UInt64)?
    }

    private let count: Int
    private let guards: (Guard, Guard, Guard)

    /// The masks of `sources` (each guard's classes, the farthest first), or nil when a class
    /// does not compile, a guard is not one or two characters, or there are more than
    /// `LookbehindGuards.maximum`.
    init?(_ sources: [[String]], oracle: PCRE2ClassOracle) {
        guard sources.count <= LookbehindGuards.maximum else { return nil }
        var made: [Guard] = []
        for classes in sources {
            guard (1...2).contains(classes.count), let near = oracle.asciiMembers(classes[classes.count - 1])
            else { return nil }
            var far: (UInt64, UInt64)?
            if classes.count == 2 {
                guard let mask = oracle.asciiMembers(classes[0]) else { return nil }
                far = mask
            }
            made.append(Guard(near: near, far: far))
        }
        count = made.count
        let none = Guard(near: (0, 0), far: nil)
        while made.count < 3 { made.append(none) }
        guards = (made[0], made[1], made[2])
    }

    /// Whether a match may start at `start`: no lookbehind finds its characters right before
    /// it. Nil when a byte it reads is outside ASCII.
    @inline(__always)
    func pass(_ subject: UnsafePointer<UInt8>, at start: Int) -> Bool? {
        if count == 0 { return true }
        guard let first = Self.pass(guards.0, subject, start) else { return nil }
        if !first { return false }
        if count == 1 { return true }
        guard let second = Self.pass(guards.1, subject, start) else { return nil }
        if !second { return false }
        if count == 2 { return true }
        return Self.pass(guards.2, subject, start)
    }

    @inline(__always)
    private static func pass(_ guarded: Guard, _ subject: UnsafePointer<UInt8>, _ start: Int) -> Bool? {
        // Too close to the subject's start for the lookbehind to find its text.
        guard start >= 1 else { return true }
        let near = subject[start - 1]
        if near >= 0x80 { return nil }
        guard ClassRunSearch.contains(guarded.near, near) else { return true }
        guard let far = guarded.far else { return false }
        guard start >= 2 else { return true }
        let before = subject[start - 2]
        if before >= 0x80 { return nil }
        return !ClassRunSearch.contains(far, before)
    }
}
