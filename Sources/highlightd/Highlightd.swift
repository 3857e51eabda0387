import ArgumentParser
import DaemonCore

/// The `highlightd` command: the daemon and its tools, listed in the order a user needs them.
@main
struct Highlightd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlightd",
        abstract: "A syntax-highlighting text storage daemon, and the tools around it.",
        discussion: """
            Editors start `highlightd serve` and talk JSON-RPC to it over standard input and \
            output; `highlightd highlight` prints highlighted files. Grammars and themes are \
            built in; VS Code extensions add more (--extensions, --vscode-extensions auto).
            """,
        version: HighlightdVersion.current,
        groupedSubcommands: [
            CommandGroup(
                name: "Use",
                subcommands: [
                    ServeCommand.self, HighlightCommand.self, InspectCommand.self, LanguagesCommand.self,
                    ThemesCommand.self,
                ]),
            CommandGroup(
                name: "Rich text and layout",
                subcommands: [FormattableCommand.self, LayoutCommand.self, DemoCommand.self, WebCommand.self]),
            CommandGroup(
                name: "Measure and check",
                subcommands: [
                    DriveCommand.self, ReplayCommand.self, ConformanceCommand.self, BenchCommand.self,
                    BenchStorageCommand.self, BenchLayoutCommand.self,
                ]),
        ]
    )

    /// Runs a command that `DirectSubcommand` parses on its own, else the whole tree as
    /// ArgumentParser does. Either way an error the command throws is reported by this root.
    static func main() {
        guard var command = DirectSubcommand.parse(Array(CommandLine.arguments.dropFirst())) else {
            return main(nil)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
