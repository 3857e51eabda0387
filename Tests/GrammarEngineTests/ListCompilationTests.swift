import Dispatch
import Foundation
import Synchronization
import Testing

@testable import GrammarEngine

/// Threads that need the same rule list at once compile its patterns together and all get the
/// one list, with every pattern compiled for it and every broken one reported once.
@Suite struct ListCompilationTests {
    /// A root list of `count` keyword patterns, with one pattern PCRE2 and Oniguruma both refuse.
    static func grammar(patterns count: Int) throws -> Grammar {
        var patterns = (0..<count).map { #"{"match": "\\bword\#($0)\\b", "name": "keyword.w\#($0)"}"# }
        patterns.insert(#"{"match": "(?<=a+)b(", "name": "invalid.broken"}"#, at: count / 2)
        let json = #"{"scopeName": "source.many", "patterns": [\#(patterns.joined(separator: ","))]}"#
        return Grammar(try GrammarFixtures.raw(json), sources: .init(grammar: { _ in nil }))
    }

    @Test func threadsNeedingAListAtOnceAllGetOneListOfEveryPatternInOrder() throws {
        let grammar = try Self.grammar(patterns: 200)
        let root = try #require(grammar.rule(grammar.rootId))
        let anchors = Anchors(allowA: false, allowG: false)
        let lists = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let list = grammar.compiledList(root, anchors)
            lists.withLock { $0.append(ObjectIdentifier(list)) }
        }
        let identities = lists.withLock { $0 }
        #expect(identities.count == 8)
        #expect(Set(identities).count == 1, "one list, published once")
        let list = grammar.compiledList(root, anchors)
        // Every source of the list is compiled, and the list holds the published patterns in
        // the order of the rules.
        let sources = grammar.collectPatterns(root)
        #expect(list.entries.count == sources.count)
        for (entry, (source, _)) in zip(list.entries, sources) {
            #expect(entry.pattern === source.compiled(anchors))
        }
        #expect(list.entries.map(\.pattern.source).dropFirst(101).first == #"\bword100\b"#)
        // The broken pattern is reported once, however many threads met it.
        let broken = grammar.diagnostics.filter { "\($0)".contains("(?<=a+)b(") }
        #expect(broken.count == 1)
        #expect(grammar.listCompilations.isEmpty, "nothing is left being compiled")
    }

    @Test func aGrammarTokenizesTheSameWhenManyThreadsCompileItsListsAtOnce() throws {
        let text = (0..<400).map { "word\($0 % 230) x word\(($0 * 7) % 200)" }.joined(separator: "\n")
        let reference = try Self.grammar(patterns: 200).tokenizeDocument(text, jobs: 1)
        let shared = try Self.grammar(patterns: 200)
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if shared.tokenizeDocument(text, jobs: 1) != reference { mismatches.add(1, ordering: .relaxed) }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(reference.contains { $0.scopes.last == "keyword.w199" })
    }
}
