import ArgumentParser
import TestSupport
import Testing

@testable import highlightd

/// `HighlightArguments` reads `highlight`'s usual arguments into the command ArgumentParser
/// makes of them, and leaves everything else to ArgumentParser.
@Suite struct HighlightArgumentsTests {
    /// Every value of a command, for comparing two of them.
    static func describe(_ command: HighlightCommand) -> [String] {
        [
            "files \(command.files)", "language \(String(describing: command.language))",
            "grammar \(String(describing: command.grammar))", "grammars \(command.grammars)",
            "extensions \(command.extensions.paths)", "automatic \(command.extensions.automatic)",
            "map \(command.extensions.associations)", "theme \(command.theme)", "format \(command.format)",
            "color \(command.color)", "depth \(String(describing: command.colorDepth))",
            "wrap \(String(describing: command.wrap))", "jobs \(String(describing: command.jobs))",
            "outputDir \(String(describing: command.outputDir))",
        ]
    }

    /// Valid values of each option, single-valued ones first.
    static let values: [(name: String, values: [String], repeats: Bool)] = [
        ("language", ["rust", "javascript"], false),
        ("theme", ["light", "Night Owl", "x=y.json"], false),
        ("format", ["ansi", "html", "json", "json-compact"], false),
        ("color", ["auto", "always", "never"], false),
        ("color-depth", ["24", "256", "16"], false),
        ("wrap", ["1", "80", "+7"], false),
        ("jobs", ["1", "4"], false),
        ("output-dir", ["out", "a b"], false),
        ("vscode-extensions", ["auto", "off"], false),
        ("grammars", ["g1", "g 2"], true),
        ("extensions", ["e.vsix", "ext"], true),
        ("map", ["*.conf=ini", "a=b=c"], true),
    ]

    @Test func usualArgumentsGiveTheCommandArgumentParserGives() throws {
        var random = SeededGenerator(fallback: 0xA59_0001)
        for round in 0..<400 {
            var pieces: [[String]] = (0..<Int.random(in: 1...3, using: &random)).map {
                ["file\(round)-\($0).rs"]
            }
            for option in Self.values where Bool.random(using: &random) {
                for _ in 0..<(option.repeats ? Int.random(in: 1...3, using: &random) : 1) {
                    let value = option.values.randomElement(using: &random)!
                    pieces.append(
                        Bool.random(using: &random)
                            ? ["--\(option.name)=\(value)"] : ["--\(option.name)", value])
                }
            }
            pieces.shuffle(using: &random)
            let arguments = pieces.flatMap { $0 }
            let parsed = try HighlightCommand.parse(arguments)
            let fast = try #require(HighlightArguments.parse(arguments), "\(arguments)")
            #expect(Self.describe(fast) == Self.describe(parsed), "\(arguments)")
        }
    }

    @Test func fileNamesAloneGiveTheDefaults() throws {
        let arguments = ["a.rs", "b b.js"]
        let fast = try #require(HighlightArguments.parse(arguments))
        #expect(Self.describe(fast) == Self.describe(try HighlightCommand.parse(arguments)))
    }

    @Test(arguments: [
        [], ["--help"], ["x.rs", "-h"], ["x.rs", "--version"], ["--", "x.rs"], ["-"], [""], ["x.rs", ""],
        ["x.rs", "--theme"], ["x.rs", "--theme", "--color", "always"], ["x.rs", "--theme="],
        ["x.rs", "--no-such-option", "v"], ["x.rs", "-x"], ["x.rs", "--format", "pdf"],
        ["x.rs", "--color-depth", "8"], ["x.rs", "--wrap", "abc"], ["x.rs", "--wrap", "0"],
        ["x.rs", "--jobs", "-1"], ["x.rs", "--map", "nolanguage"], ["x.rs", "--map=*.c="],
        ["x.rs", "--language", "rust", "--grammar", "g.json"], ["x.rs", "--theme", "a", "--theme", "b"],
        ["x.rs", "--vscode-extensions", "maybe"], ["x.rs", "--generate-completion-script", "bash"],
    ])
    func whatItDoesNotReadIsLeftToArgumentParser(arguments: [String]) {
        #expect(HighlightArguments.parse(arguments) == nil)
    }

    @Test func itReadsEveryOptionTheCommandDeclaresAndNoOther() {
        let help = HighlightCommand.helpMessage(columns: 1_000)
        var declared: Set<String> = []
        var rest = Substring(help)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            if !name.isEmpty { declared.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        declared.subtract(["help", "version"])
        #expect(!declared.isEmpty)
        #expect(HighlightArguments.names == declared)
    }
}
