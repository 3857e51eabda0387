import Foundation
import GrammarEngine
import Testing

/// Every `include` in a bundled grammar names something that exists: a repository rule in
/// lexical scope, `$self`/`$base`, or a registered grammar (and its repository rule). A typo
/// in an include is otherwise silent: the rule just matches nothing.
@Suite struct BundledGrammarsIncludeTests {
    @Test(arguments: BundledGrammarsCompileTests.grammarFiles)
    func everyIncludeResolves(file: String) throws {
        let url = BundledGrammarsCompileTests.bundled.languagesDirectory.appendingPathComponent(file)
        let raw = try RawGrammar(contentsOf: url)
        var unresolved: [String] = []
        for rule in raw.patterns {
            Self.collectUnresolved(rule, scopes: [raw.repository], into: &unresolved)
        }
        for rule in raw.repository.values {
            Self.collectUnresolved(rule, scopes: [raw.repository], into: &unresolved)
        }
        #expect(unresolved.isEmpty, "\(file): \(Set(unresolved).sorted())")
    }

    /// Walks a rule and its children, recording includes that resolve to nothing.
    static func collectUnresolved(
        _ rule: RawRule, scopes: [[String: RawRule]], into unresolved: inout [String]
    ) {
        var scopes = scopes
        if let repository = rule.repository { scopes.append(repository) }
        if let include = rule.include, !resolves(include, scopes: scopes) {
            unresolved.append(include)
        }
        var children = rule.patterns ?? []
        for captures in [rule.captures, rule.beginCaptures, rule.endCaptures, rule.whileCaptures] {
            children += captures.map { Array($0.values) } ?? []
        }
        for child in children {
            collectUnresolved(child, scopes: scopes, into: &unresolved)
        }
    }

    static func resolves(_ include: String, scopes: [[String: RawRule]]) -> Bool {
        if include == "$self" || include == "$base" { return true }
        if include.hasPrefix("#") {
            let name = String(include.dropFirst())
            return scopes.contains { $0[name] != nil }
        }
        let parts = include.split(separator: "#", maxSplits: 1).map(String.init)
        guard let grammar = BundledGrammarsUnderTest.registry.rawGrammar(scopeName: parts[0]) else {
            return false
        }
        return parts.count == 1 || grammar.repository[parts[1]] != nil
    }
}
