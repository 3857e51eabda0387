import ArgumentParser
import Foundation
import GrammarEngine

/// Runs a vscode-textmate tokenization suite and reports each failure.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run a vscode-textmate tokenization suite (tests.json format)."
    )

    @Argument(help: "The suite file, e.g. first-mate/tests.json.")
    var suite: String

    func run() throws {
        let loaded = try ConformanceSuite(contentsOf: URL(fileURLWithPath: suite))
        let report = loaded.run()
        for failure in report.failures {
            print("FAIL \(failure.description)\n  \(failure.detail)")
        }
        print(report.summary)
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
