import CPCRE2
import Foundation

extension Pattern {
    /// Searches `subject[..<length]` for the first match starting at or after `start`.
    ///
    /// `length` may be shorter than the buffer: `$` and `\z` then see `length` as the subject's
    /// end, which is how captures are retokenized without copying. A match-limit or JIT-stack
    /// overflow counts as no match and is recorded in the workspace.
    public func firstMatch(
        in subject: UnsafeBufferPointer<UInt8>, length: Int? = nil, from start: Int,
        workspace: MatchWorkspace = .current
    ) -> PatternMatch? {
        let subjectLength = length ?? subject.count
        guard search(subject, length: subjectLength, from: start, workspace: workspace) else {
            return nil
        }
        return workspace.currentMatch(groups: captureCount + 1)
    }

    /// Runs one search; on success the workspace's ovector holds the groups.
    @inline(__always)
    func search(
        _ subject: UnsafeBufferPointer<UInt8>, length: Int, from start: Int, workspace: MatchWorkspace
    ) -> Bool {
        guard start >= 0, start <= length, length <= subject.count else { return false }
        // Patterns run with PCRE2_NO_UTF_CHECK, under which a start inside a UTF-8 sequence is
        // undefined behaviour (the JIT then reads out of bounds): no match can start there.
        if start < length, subject[start] & 0xC0 == 0x80 { return false }
        workspace.pcre.ensureCapacity(groups: captureCount + 1)
        workspace.pcre.searchCount += 1
        // An empty buffer has no base address; PCRE2 accepts any non-null pointer for length 0.
        let base = subject.baseAddress ?? UnsafePointer(workspace.pcre.emptySubject)
        var start = start
        switch plan {
        case .pcre2:
            break
        case .leadingRunSkip(let leadingRun):
            guard let first = leadingRun.firstStart(in: base, length: length, from: start) else {
                return false
            }
            start = first
        case .anchoredLeadingRun(let anchored):
            let (outcome, limit) = anchored.search(base, length: length, from: start) { candidate in
                Self.match(
                    anchored.code, jit: anchored.jit, base, length: length, from: candidate,
                    workspace: workspace)
            }
            if limit { workspace.pcre.recordLimitHit(self) }
            switch outcome {
            case .found: return true
            case .none: return false
            case .original: break
            }
        case .lineEnd:
            let end = memchr(base + start, 0x0A, length - start).map {
                base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
            }
            let position = end ?? length
            return workspace.pcre.record(position..<position, alsoAsGroup1: false)
        case .exactLiteral(let literal):
            guard let found = Self.find(literal, base, length: length, from: start) else { return false }
            return workspace.pcre.record(found, alsoAsGroup1: false)
        case .classRun(let classRun):
            // nil: text outside ASCII, which PCRE2 decides.
            if let found = classRun.find(in: base, length: length, from: start) {
                guard let found else { return false }
                return workspace.pcre.record(found, alsoAsGroup1: classRun.isCaptured)
            }
        case .wordList(let list):
            // nil: text outside ASCII where a guard or the exclusion reads, which PCRE2 decides.
            if let found = list.find(in: base, length: length, from: start) {
                guard let found else { return false }
                return workspace.pcre.record(found, alsoAsGroup1: list.isCaptured)
            }
        case .oniguruma(let oniguruma):
            return oniguruma.search(base, length: length, from: start, into: workspace.pcre.writableOffsets)
        case .leadingLookbehind(let lookbehind):
            // nil: a text that may end at or after the start begins before it; the original
            // pattern answers.
            if let rewrittenStart = lookbehind.rewrittenStart(base, from: start) {
                let rc = Self.match(
                    lookbehind.code, jit: lookbehind.jit, base, length: length, from: rewrittenStart,
                    workspace: workspace)
                if rc > 0 { return true }
                if Self.isLimit(rc) { workspace.pcre.recordLimitHit(self) }
                return false
            }
        }
        let rc = Self.match(code, jit: jit, base, length: length, from: start, workspace: workspace)
        if rc > 0 { return true }
        if Self.isLimit(rc) { workspace.pcre.recordLimitHit(self) }
        return false
    }

    /// PCRE2's search of `code` from `start`: on the JIT once it has compiled the code, else on
    /// the interpreter. The engines count limits differently, so an interpreter search that
    /// ends at a limit is run again on the JIT, as if the pattern had been JIT-compiled from
    /// the start (`DeferredJIT`).
    @inline(__always)
    private static func match(
        _ code: OpaquePointer, jit: borrowing DeferredJIT, _ base: UnsafePointer<UInt8>, length: Int,
        from start: Int, workspace: MatchWorkspace
    ) -> Int32 {
        if let jitCode = jit.code(searching: code) {
            return pcre2_jit_match_8(
                jitCode, base, length, start, 0, workspace.pcre.matchData, workspace.pcre.matchContext)
        }
        let rc = pcre2_match_8(
            code, base, length, start, UInt32(PCRE2_NO_UTF_CHECK), workspace.pcre.matchData,
            workspace.pcre.matchContext)
        if isLimit(rc), let jitCode = jit.compile(code) {
            return pcre2_jit_match_8(
                jitCode, base, length, start, 0, workspace.pcre.matchData, workspace.pcre.matchContext)
        }
        return rc
    }

    /// Whether a search ended at one of PCRE2's limits rather than with an answer.
    @inline(__always)
    static func isLimit(_ rc: Int32) -> Bool {
        rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT
            || rc == PCRE2_ERROR_HEAPLIMIT
    }

    /// Where `literal` first occurs in `subject[start..<length]`, if anywhere.
    private static func find(
        _ literal: [UInt8], _ base: UnsafePointer<UInt8>, length: Int, from start: Int
    ) -> Range<Int>? {
        guard length - start >= literal.count else { return nil }
        return literal.withUnsafeBufferPointer { needle in
            let first = Int32(needle[0])
            let rest = needle.count - 1
            var position = start
            // The last position where the literal still fits.
            let last = length - needle.count
            while position <= last {
                guard let found = memchr(base + position, first, last - position + 1) else { return nil }
                let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if rest == 0 || memcmp(base + offset + 1, needle.baseAddress! + 1, rest) == 0 {
                    return offset..<(offset + needle.count)
                }
                position = offset + 1
            }
            return nil
        }
    }
}
