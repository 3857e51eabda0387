import Foundation
import GrammarEngine
import TestSupport
import Testing

/// The tokenizer's shortcuts change no token: every grammar fixture and benchmark document
/// tokenizes the same with every shortcut on (the default) as with none (`SearchShortcuts.none`:
/// every search on the regex engine from its start, nothing cached, nothing remembered), on
/// the whole-document path and line by line, end states included.
@Suite struct ShortcutsOffReferenceTests {
    /// A document and the grammar that tokenizes it.
    struct Input: Sendable, CustomTestStringConvertible {
        var path: String
        /// A bundled language id, or the path of a grammar file outside the bundle.
        var grammar: Grammar
        var testDescription: String { URL(fileURLWithPath: path).lastPathComponent }

        enum Grammar: Sendable {
            case language(String)
            case scope(String)
            case file(String)
        }
    }

    static let fixtures: [Input] = {
        let folder = BundledGrammarsUnderTest.fixturesDirectory.path
        let languages = [
            ("COMMIT_EDITMSG.txt", "git-commit"), ("sample.c.txt", "c"), ("sample.diff.txt", "diff"),
            ("sample.py.txt", "python"), ("sample.rs.txt", "rust"), ("sample.sh.txt", "shellscript"),
            ("sample.swift.txt", "swift"), ("sample.tex.txt", "latex"), ("sample.toml.txt", "toml"),
            ("sample.yaml.txt", "yaml"),
        ]
        return languages.map { Input(path: "\(folder)/\($0.0)", grammar: .language($0.1)) }
            + WebFixture.all.map {
                Input(
                    path: WebGrammars.fixturesFolder.appendingPathComponent($0.file).path,
                    grammar: .scope($0.scopeName))
            }
    }()

    static let benchmarkDocuments: [Input] = BenchmarkFiles.cases.map {
        Input(
            path: "\(BenchmarkFiles.folder)/\($0.document)",
            grammar: .file("\(BenchmarkFiles.folder)/\($0.grammar)"))
    }

    /// The default shortcuts, and none. No time budget for either: without shortcuts a
    /// minified line takes longer than the budget in a debug build, and a line cut by the clock
    /// is not a token to compare.
    static let configurations: (on: Grammar.Configuration, off: Grammar.Configuration) = {
        var on = Grammar.Configuration()
        on.lineTimeBudget = nil
        var off = on
        off.shortcuts = .none
        return (on, off)
    }()

    /// The grammar of `input` with every shortcut and with none.
    static func grammars(for input: Input) throws -> (
        all: GrammarEngine.Grammar, none: GrammarEngine.Grammar
    )? {
        func load(_ configuration: Grammar.Configuration) throws -> GrammarEngine.Grammar? {
            switch input.grammar {
            case .language(let language):
                return try bundled(configuration).grammar(forLanguage: language)
            case .scope(let scope):
                return try bundled(configuration).grammar(scopeName: scope)
            case .file(let path):
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                let registry = GrammarRegistry(configuration: configuration)
                let raw = try registry.load(contentsOf: URL(fileURLWithPath: path))
                return try registry.grammar(scopeName: raw.scopeName)
            }
        }
        guard let all = try load(configurations.on), let none = try load(configurations.off) else {
            return nil
        }
        return (all, none)
    }

    /// A registry of the bundled grammars compiled with `configuration`.
    static func bundled(_ configuration: Grammar.Configuration) -> GrammarRegistry {
        BundledGrammars(grammarsDirectory: BundledGrammarsUnderTest.grammarsDirectory)
            .makeRegistry(configuration: configuration).registry
    }

    @Test(arguments: fixtures + benchmarkDocuments)
    func everyShortcutOffGivesTheSameTokens(_ input: Input) throws {
        guard FileManager.default.fileExists(atPath: input.path),
            let (all, none) = try Self.grammars(for: input)
        else { return }
        #expect(none.configuration.shortcuts.isEmpty)
        let text = try String(contentsOfFile: input.path, encoding: .utf8)
        let expected = all.tokenizeDocument(text, jobs: 1)
        let reference = none.tokenizeDocument(text, jobs: 1)
        #expect(expected.count == reference.count)
        if let mismatch = expected.indices.first(where: {
            $0 < reference.count
                && (expected[$0].range != reference[$0].range || expected[$0].scopes != reference[$0].scopes)
        }) {
            Issue.record("token \(mismatch) differs: \(expected[mismatch]) against \(reference[mismatch])")
        }
        // Line by line, the daemon's path: the same tokens and the same end states.
        var allState: RuleStack?
        var noneState: RuleStack?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(300)
            .enumerated()
        {
            let withAll = all.tokenizeLine(String(line), state: allState)
            let withNone = none.tokenizeLine(String(line), state: noneState)
            guard withAll.tokens.map(\.start) == withNone.tokens.map(\.start),
                withAll.tokens.map(\.scopes.scopeNames) == withNone.tokens.map(\.scopes.scopeNames),
                Self.frames(withAll.endState) == Self.frames(withNone.endState)
            else {
                Issue.record("line \(number + 1) differs")
                break
            }
            (allState, noneState) = (withAll.endState, withNone.endState)
        }
    }

    /// A state's frames as their scopes, innermost first: stacks of two grammars are never
    /// equal as objects, since each grammar interns its own.
    static func frames(_ state: RuleStack) -> [[String]] {
        var frames: [[String]] = []
        var node: RuleStack? = state
        while let frame = node {
            frames.append(frame.nameScopes.scopeNames + ["|"] + frame.contentScopes.scopeNames)
            node = frame.parent
        }
        return frames
    }
}
