import ArgumentParser

/// `highlightd highlight …` parsed as the one command it names, not through the whole tree.
///
/// ArgumentParser finds a subcommand by parsing the root first: it builds argument sets by
/// reflection for two commands of its own (the check for `--generate-completion-script`),
/// for the subcommand once to ask whether it takes pass-through arguments, and again to parse
/// it. Each first reflection of a type asks the Swift runtime for its conformances, and each
/// first question scans all 7,100 conformance records of the binary. On a 1 KB file that was
/// about a quarter of the samples of a `highlight` run; parsed directly, the run took 13.3 ms
/// instead of 15.2 (50 alternating rounds, docs/PERFORMANCE.md).
///
/// So the commands a user runs once per file are parsed directly, as the root of their own
/// tree: one argument set, no completion check (their configuration names `highlightd` as
/// their super-command, which is also what their usage lines print). Anything that does not
/// parse cleanly there (help, a completion script, an unknown option, a failed validation)
/// goes to the whole tree instead, which reports it exactly as before: one parser, one set of
/// messages.
enum DirectSubcommand {
    /// The commands parsed directly, by the name that selects them.
    static let commands: [any ParsableCommand.Type] = [HighlightCommand.self]

    /// The command `arguments` (without the program's name) run, when its first argument names
    /// one of `commands` and the rest parses and validates as that command; else nil.
    static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
        // `highlight`'s usual arguments, without ArgumentParser (`HighlightArguments`).
        if arguments.first == HighlightCommand.configuration.commandName,
            let command = HighlightArguments.parse(Array(arguments.dropFirst()))
        {
            return command
        }
        guard let name = arguments.first,
            let command = commands.first(where: { $0.configuration.commandName == name })
        else { return nil }
        return try? command.parse(Array(arguments.dropFirst())) as any ParsableCommand
    }
}
