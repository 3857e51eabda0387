import ArgumentParser

/// The `highlightd` command: the daemon and its tools.
@main
struct Highlightd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlightd",
        abstract: "A syntax-highlighting text storage daemon.",
        subcommands: [
            DemoCommand.self,
            FormattableCommand.self,
            BenchStorageCommand.self,
            ConformanceCommand.self,
            BenchCommand.self,
            BenchLayoutCommand.self,
            HighlightCommand.self,
            LayoutCommand.self,
            LanguagesCommand.self,
            ThemesCommand.self,
            ServeCommand.self,
            DriveCommand.self,
            ReplayCommand.self,
        ]
    )
}
