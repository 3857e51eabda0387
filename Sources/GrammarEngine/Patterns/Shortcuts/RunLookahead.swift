import RegexTranslation

/// A lookahead after a class run (`ClassRun.followedBy`), tested on ASCII bytes: its steps
/// laid out flat, a group's steps right after the step that opens it, so that taking the group
/// is reading on and leaving it out is jumping past it.
///
/// Whether a lookahead matches is all it answers (it holds no groups), so any way through the
/// steps will do. Each repeated or optional step takes as many characters as it can and never
/// gives one back, which finds a way whenever there is one because the engine only builds a
/// lookahead in which no character a step repeats can begin what may follow it (`init`
/// checks). A byte outside ASCII read anywhere leaves the answer to PCRE2 (`matches` returns
/// nil).
final class RunLookahead: @unchecked Sendable {
    private enum Kind: UInt8 {
        case one, optional, any, some, group
    }

    private struct Step {
        var kind: Kind
        var mask: (UInt64, UInt64)
        /// For a group: how many steps it holds, right after it.
        var length: Int
    }

    private let steps: UnsafeMutableBufferPointer<Step>
    /// The characters a match of the lookahead may begin with.
    let firstCharacters: (UInt64, UInt64)

    /// The lookahead of `source`, or nil when a class does not compile or a repeated step
    /// could take a character that what follows it may begin with.
    init?(_ source: [LookaheadStep], oracle: PCRE2ClassOracle) {
        guard !source.isEmpty else { return nil }
        var flat: [Step] = []
        func add(_ step: LookaheadStep) -> Bool {
            func masked(_ kind: Kind, _ source: String) -> Bool {
                guard let mask = oracle.asciiMembers(source) else { return false }
                flat.append(Step(kind: kind, mask: mask, length: 0))
                return true
            }
            switch step {
            case .one(let source): return masked(.one, source)
            case .optional(let source): return masked(.optional, source)
            case .any(let source): return masked(.any, source)
            case .some(let source): return masked(.some, source)
            case .optionalGroup(let inner):
                // A translation never makes an empty group; a damaged cache file might.
                guard !inner.isEmpty else { return false }
                let opening = flat.count
                flat.append(Step(kind: .group, mask: (0, 0), length: inner.count))
                for step in inner {
                    if case .optionalGroup = step { return false }
                    guard add(step) else { return false }
                }
                flat[opening].length = flat.count - opening - 1
                return true
            }
        }
        for step in source {
            guard add(step) else { return nil }
        }
        for index in flat.indices where flat[index].kind != .one && flat[index].kind != .group {
            let next = Self.firstCharacters(of: flat, from: index + 1)
            guard flat[index].mask.0 & next.0 == 0, flat[index].mask.1 & next.1 == 0 else { return nil }
        }
        firstCharacters = Self.firstCharacters(of: flat, from: 0)
        steps = .allocate(capacity: flat.count)
        _ = steps.initialize(from: flat)
    }

    deinit {
        steps.deallocate()
    }

    /// The characters that may be read first from step `start` on: each step's until one that
    /// must take a character, a group's first ones and what follows it.
    private static func firstCharacters(of steps: [Step], from start: Int) -> (UInt64, UInt64) {
        var union: (UInt64, UInt64) = (0, 0)
        var index = start
        while index < steps.count {
            let step = steps[index]
            if step.kind == .group {
                union = Self.union(
                    union, firstCharacters(of: Array(steps[(index + 1)...(index + step.length)]), from: 0))
                index += step.length + 1
                continue
            }
            union = Self.union(union, step.mask)
            if step.kind == .one || step.kind == .some { break }
            index += 1
        }
        return union
    }

    private static func union(_ a: (UInt64, UInt64), _ b: (UInt64, UInt64)) -> (UInt64, UInt64) {
        (a.0 | b.0, a.1 | b.1)
    }

    /// Whether the lookahead matches at `position` of `subject[..<length]`; nil when it reads
    /// a byte outside ASCII.
    func matches(_ subject: UnsafePointer<UInt8>, length: Int, at position: Int) -> Bool? {
        matches(subject, length: length, at: position, from: 0)
    }

    private func matches(_ subject: UnsafePointer<UInt8>, length: Int, at start: Int, from first: Int)
        -> Bool?
    {
        var position = start
        var index = first
        while index < steps.count {
            let step = steps[index]
            switch step.kind {
            case .group:
                // Taken: its steps, then what follows; else what follows alone.
                guard let taken = matches(subject, length: length, at: position, from: index + 1) else {
                    return nil
                }
                if taken { return true }
                index += step.length + 1
                continue
            case .one, .optional:
                if position < length {
                    let byte = subject[position]
                    if byte >= 0x80 { return nil }
                    if ClassRunSearch.contains(step.mask, byte) {
                        position += 1
                    } else if step.kind == .one {
                        return false
                    }
                } else if step.kind == .one {
                    return false
                }
            case .any, .some:
                let before = position
                while position < length {
                    let byte = subject[position]
                    if byte >= 0x80 { return nil }
                    guard ClassRunSearch.contains(step.mask, byte) else { break }
                    position += 1
                }
                if step.kind == .some, position == before { return false }
            }
            index += 1
        }
        return true
    }
}
