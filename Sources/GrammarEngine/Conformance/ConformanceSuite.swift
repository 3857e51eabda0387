import Foundation
import ResourceFiles

/// A tokenization suite in vscode-textmate's format (`first-mate/tests.json`,
/// `suite1/tests.json`, `suite1/whileTests.json`).
public struct ConformanceSuite: Sendable {
    /// One expected token: its text and its full scope list, root first.
    public struct ExpectedToken: Hashable, Sendable, CustomStringConvertible {
        /// The token's text.
        public var value: String
        /// The scopes, outermost first.
        public var scopes: [String]

        public var description: String { "\(value.debugDescription) \(scopes.joined(separator: " "))" }
    }

    /// One line of a test and the tokens it must produce.
    public struct Line: Sendable {
        /// The line's text, without a line terminator.
        public var text: String
        /// The expected tokens.
        public var tokens: [ExpectedToken]
    }

    /// One test.
    public struct TestCase: Sendable {
        /// The test's name.
        public var description: String
        /// Grammar files relative to the suite's folder.
        public var grammarPaths: [String]
        /// The grammar whose scope becomes the root, if given.
        public var grammarPath: String?
        /// The root scope, if given; it takes precedence over `grammarPath`.
        public var grammarScopeName: String?
        /// Scopes injected into the root scope.
        public var grammarInjections: [String]
        /// The lines, tokenized in order.
        public var lines: [Line]
    }

    /// The folder that grammar paths are relative to.
    public let folder: URL
    /// The tests in file order.
    public let cases: [TestCase]

    /// Reads a suite file.
    public init(contentsOf url: URL) throws(GrammarError) {
        let data: Data
        do {
            data = Data(try ResourceFile.contents(of: url))
        } catch {
            throw GrammarError(error)
        }
        guard case .array(let items) = try RawValue.parse(data, format: .json) else {
            throw .malformed(message: "a suite is a JSON array")
        }
        folder = url.deletingLastPathComponent()
        cases = items.map(Self.testCase)
    }

    private static func strings(_ value: RawValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(\.stringValue)
    }

    private static func testCase(_ item: RawValue) -> TestCase {
        var lines: [Line] = []
        if case .array(let rawLines)? = item["lines"] {
            for rawLine in rawLines {
                var tokens: [ExpectedToken] = []
                if case .array(let rawTokens)? = rawLine["tokens"] {
                    for token in rawTokens {
                        tokens.append(
                            ExpectedToken(
                                value: token["value"]?.stringValue ?? "", scopes: strings(token["scopes"])))
                    }
                }
                lines.append(Line(text: rawLine["line"]?.stringValue ?? "", tokens: tokens))
            }
        }
        return TestCase(
            description: item["desc"]?.stringValue ?? "(no description)",
            grammarPaths: strings(item["grammars"]), grammarPath: item["grammarPath"]?.stringValue,
            grammarScopeName: item["grammarScopeName"]?.stringValue,
            grammarInjections: strings(item["grammarInjections"]), lines: lines)
    }
}
