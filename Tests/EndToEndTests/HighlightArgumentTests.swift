import Foundation
import TestSupport
import Testing

/// `highlight`'s arguments are parsed by the command alone when they parse (`DirectSubcommand`)
/// and by the whole command tree otherwise: what a user sees must not tell the two apart.
@Suite struct HighlightArgumentTests {
    static let usage = "Usage: highlightd highlight [<options>] <files> ..."

    @Test func helpIsTheCommandTreesHelpOfTheSubcommand() throws {
        let tree = try BuiltBinary.run(["help", "highlight"])
        #expect(tree.status == 0)
        // The tree's help lists the root's --version beside the command's own options.
        #expect(tree.standardOutput.contains("USAGE: highlightd highlight"))
        #expect(tree.standardOutput.contains("--version"))
        for arguments in [["highlight", "--help"], ["highlight", "-h"], ["highlight", "x.rs", "--help"]] {
            let result = try BuiltBinary.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.standardOutput == tree.standardOutput, "\(arguments)")
        }
    }

    @Test func theRootsVersionFlagStillAnswersAfterTheSubcommandsName() throws {
        let root = try BuiltBinary.run(["--version"])
        let result = try BuiltBinary.run(["highlight", "--version"])
        #expect(result.status == 0)
        #expect(!root.standardOutput.isEmpty)
        #expect(result.standardOutput == root.standardOutput)
    }

    @Test func anUnknownOptionIsAnErrorWithTheSubcommandsUsage() throws {
        let result = try BuiltBinary.run(["highlight", "--no-such-option", "x.rs"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Error: Unknown option '--no-such-option'"))
        #expect(result.standardError.contains(Self.usage))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aFailedValidationIsAnErrorWithTheSubcommandsUsage() throws {
        for (arguments, message) in [
            (["highlight", "--jobs", "0", "x.rs"], "Error: --jobs needs at least one job"),
            (
                ["highlight", "--language", "rust", "--grammar", "g.json", "x.rs"],
                "Error: use either --language or --grammar"
            ),
        ] {
            let result = try BuiltBinary.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(Self.usage), "\(arguments)")
        }
    }

    @Test func aCompletionScriptIsStillPrintedAfterTheSubcommandsName() throws {
        let result = try BuiltBinary.run(["highlight", "--generate-completion-script", "bash"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("#!/bin/bash"))
        // The script completes the whole tree, not the subcommand alone.
        #expect(result.standardOutput.contains("serve"))
    }

    @Test func anErrorWhileRunningIsReportedAsTheTreeReportsIt() throws {
        let first = try BuiltBinary.temporaryFile(named: "a.rs", "fn main() {}\n")
        let second = try BuiltBinary.temporaryFile(named: "b.rs", "fn main() {}\n")
        let result = try BuiltBinary.run(["highlight", first, second, "--format", "html"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Error: several files with --format html need --output-dir"))
        #expect(result.standardOutput.isEmpty)
    }
}
