import Dispatch
import GrammarEngine
import Testing

/// A pattern runs on PCRE2's interpreter until its threshold search, then on JIT code that
/// every thread shares; what a search finds never depends on which engine ran it.
@Suite struct DeferredJITTests {
    /// Whether this PCRE2 has a JIT at all (a pattern asked to compile at once reports it).
    static let hasJIT: Bool = (try? Pattern("x", jitThreshold: 0).isJITCompiled) ?? false

    private static func search(
        _ pattern: Pattern, _ subject: String, workspace: MatchWorkspace = MatchWorkspace()
    ) -> Range<Int>? {
        var subject = subject
        return subject.withUTF8 { pattern.firstMatch(in: $0, from: 0, workspace: workspace) }.map {
            $0.start..<$0.end
        }
    }

    @Test(.enabled(if: hasJIT, "this PCRE2 has no JIT"))
    func aPatternIsCompiledByTheJITOnItsThresholdSearchAndFindsTheSameMatches() throws {
        let pattern = try Pattern(#"(\w+)\s*=\s*\d+"#, jitThreshold: 4)
        let subject = "let total = 42;"
        for search in 1...6 {
            #expect(Self.search(pattern, subject) == 4..<14, "search \(search)")
            #expect(pattern.isJITCompiled == (search >= 4), "search \(search)")
        }
    }

    @Test(.enabled(if: hasJIT, "this PCRE2 has no JIT"))
    func aThresholdOfZeroCompilesWithTheJITAtOnce() throws {
        #expect(try Pattern("a+", jitThreshold: 0).isJITCompiled)
        #expect(try !Pattern("a+", jitThreshold: 1).isJITCompiled)
    }

    @Test(.enabled(if: hasJIT, "this PCRE2 has no JIT"))
    func aSearchTheInterpreterEndsAtTheMatchLimitGetsTheJITsAnswer() throws {
        // With a match limit of 10, PCRE2 10.42's interpreter gives up on this subject while
        // its JIT code finds the match: the two count the limit differently.
        let subject = String(repeating: "a", count: 60) + "c"
        let workspace = MatchWorkspace(matchLimit: 10)
        let fromTheStart = try Pattern("(a|b|c)+$", jitThreshold: 0)
        let deferred = try Pattern("(a|b|c)+$", jitThreshold: 1_000)
        let expected = Self.search(fromTheStart, subject, workspace: workspace)
        #expect(expected == 0..<61)
        #expect(Self.search(deferred, subject, workspace: workspace) == expected)
        #expect(deferred.isJITCompiled, "the search at the limit compiled the JIT code")
    }

    @Test func threadsSearchingAFreshPatternAtOnceAllFindTheSameMatch() throws {
        let pattern = try Pattern(#"\b(?:func|let|var)\s+(\w+)"#, jitThreshold: 3)
        let subject = String(repeating: "x = 1; ", count: 20) + "let answer = 42"
        let expected = try Self.search(Pattern(#"\b(?:func|let|var)\s+(\w+)"#, jitThreshold: 0), subject)
        #expect(expected != nil)
        let results = ResultBox(count: 8 * 50)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let workspace = MatchWorkspace()
            for search in 0..<50 {
                results.set(thread * 50 + search, Self.search(pattern, subject, workspace: workspace))
            }
        }
        #expect(results.all.allSatisfy { $0 == expected })
        #expect(pattern.isJITCompiled == Self.hasJIT)
    }
}

/// Results written by several threads, each to its own slots (preallocated: no array
/// access that a concurrent write could see half done).
private final class ResultBox: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Range<Int>?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit { slots.deallocate() }
    func set(_ index: Int, _ value: Range<Int>?) { slots[index] = value }
    var all: [Range<Int>?] { Array(slots) }
}
