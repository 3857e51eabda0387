import GrammarEngine
import TestSupport
import Testing
import ThemeEngine

@testable import Rendering

/// `StyledDocument` resolved in parts on several threads against one pass over all tokens: the
/// same runs, stacks and styles, in the same order.
struct StyledDocumentTests {
    static let names = [
        "meta.function.js", "string.quoted.double.js", "comment.line.double-slash.js", "keyword.control.js",
        "meta.embedded.block entity.name.tag", "variable.other.readwrite.js", "storage.type.function.js",
        "no.rule.here",
    ]

    /// Tokens over `length` bytes whose scope stacks are shared the way a tokenizer shares them
    /// (one object per stack, reused far apart), with some equal stacks in objects of their
    /// own, tokens of no stack, and ranges outside the text.
    static func tokens(count: Int, length: Int, seed: UInt64) -> [DocumentToken] {
        var generator = SeededGenerator(seed: seed)
        var shared: [ScopeStack] = []
        var tokens: [DocumentToken] = []
        for index in 0..<count {
            let roll = generator.next() % 100
            let stack: ScopeStack?
            if roll < 2 {
                stack = nil
            } else if roll < 6 || shared.isEmpty {
                var names = ["source.js"]
                for _ in 0..<Int(generator.next() % 6) {
                    names.append(names.count > 3 ? "no.rule.here" : Self.names[Int(generator.next() % 8)])
                }
                // Most new stacks are kept and reused; some are built again as another object.
                let made = ScopeStack(names: names)
                if generator.next() % 4 != 0 { shared.append(made) }
                stack = made
            } else {
                stack = shared[Int(generator.next() % UInt64(shared.count))]
            }
            let start = index * length / count
            let end = roll == 99 ? length + 10 : (index + 1) * length / count
            tokens.append(DocumentToken(range: (roll == 98 ? -3 : start)..<end, stack: stack))
        }
        return tokens
    }

    static func identity(_ stack: ScopeStack?) -> ObjectIdentifier? { stack.map(ObjectIdentifier.init) }

    @Test(arguments: [2, 3, 7])
    func partsOnSeveralThreadsGiveWhatOnePassGives(jobs: Int) throws {
        let theme = try Theme.builtIn(named: "dark")
        let text = String(repeating: "x", count: 40_000)
        let tokens = Self.tokens(
            count: StyledDocument.minimumTokensPerPart * 4 + 17, length: 40_000, seed: 32)
        let whole = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: 1)
        let parted = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: jobs)
        #expect(parted.stacks.map(Self.identity) == whole.stacks.map(Self.identity))
        #expect(parted.styles == whole.styles)
        #expect(parted.runs.count == tokens.count)
        #expect(parted.runs.map(\.range) == whole.runs.map(\.range))
        #expect(parted.runs.map(\.stack) == whole.runs.map(\.stack))
        #expect(parted.runs.map(\.style) == whole.runs.map(\.style))
        // And the one pass is right: every run has its own stack, whose style is the theme's
        // for the whole path, and a range inside the text.
        var styleOfStack: [Int: Int] = [:]
        for (run, token) in zip(whole.runs, tokens) {
            #expect(whole.stacks[run.stack] === token.stack)
            #expect((whole.stacks[run.stack]?.scopeNames ?? []) == token.scopes)
            #expect(styleOfStack[run.stack, default: run.style] == run.style)
            styleOfStack[run.stack] = run.style
            #expect(run.range.lowerBound >= 0 && run.range.upperBound <= 40_000)
        }
        for (stack, style) in styleOfStack {
            #expect(whole.styles[style] == theme.style(forScopes: whole.stacks[stack]?.scopeNames ?? []))
        }
    }

    /// A part's segments found from the first run that ends past its start (`firstRuns`) are the
    /// ones found by walking every run from the first, with tokens that overlap, leave gaps
    /// and run past the text.
    @Test(arguments: [UInt64(41), 42, 43])
    func aPartStartedFromItsFirstRunHasTheSegmentsOfAWalkFromTheVeryFirst(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let length = 3_000
        let text = String(repeating: "y", count: length)
        let tokens = (0..<600).map { index in
            let start = max(0, index * length / 600 - Int(generator.next() % 8))
            let end = start + Int(generator.next() % 14)
            let scopes = ["source.js", Self.names[Int(generator.next() % UInt64(Self.names.count))]]
            return DocumentToken(range: start..<end, scopes: scopes)
        }
        let document = StyledDocument(
            text: text, tokens: tokens, theme: try Theme.builtIn(named: "dark"), jobs: 1)
        var cuts = (0..<12).map { _ in Int(generator.next() % UInt64(length)) }
        cuts = Array(Set(cuts + [0, length])).sorted()
        let parts = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
        let firstRuns = document.firstRuns(endingPast: parts.map(\.lowerBound))
        var joined: [Range<Int>] = []
        for (part, firstRun) in zip(parts, firstRuns) {
            var fromWalk: [String] = []
            var fromStart: [String] = []
            document.forEachSegment(within: part, fromRun: firstRun) {
                fromWalk.append("\($0) \($1)")
                joined.append($0)
            }
            document.forEachSegment(within: part) { fromStart.append("\($0) \($1)") }
            #expect(fromWalk == fromStart, "seed \(seed), part \(part)")
        }
        var whole: [Range<Int>] = []
        document.forEachSegment { range, _ in whole.append(range) }
        #expect(joined.reduce(0) { $0 + $1.count } == length)
        #expect(whole.reduce(0) { $0 + $1.count } == length)
    }
}
