import ArgumentParser
import Rendering

/// `highlight`'s usual arguments read without ArgumentParser's machinery, into the same
/// `HighlightCommand` that ArgumentParser would make of them.
///
/// Even parsing `highlight` as its own root (`DirectSubcommand`), ArgumentParser builds the
/// command's argument set by reflection, instantiates key paths and asks the runtime for
/// conformances, and each first question scans all 7,100 conformance records of the binary:
/// 2.9 ms of a 9.8 ms run on a one-line file (`perf`, 50 runs), as much as the rest of
/// start-up. The options here are read as ArgumentParser reads them (`--name value` or
/// `--name=value`, files anywhere, enumerations through the same `init?(argument:)`), then
/// validated by the command's own `validate()`.
///
/// Anything else gives nil, and the caller parses with ArgumentParser, which then accepts it
/// or reports it exactly as always: help, `--version`, `--`, a single dash, an unknown or
/// repeated option, a value that looks like an option, an empty argument, a value a type
/// rejects, a failed validation. `HighlightArgumentsTests` compares the two parsers' commands
/// and checks that every option the command declares is read here.
enum HighlightArguments {
    /// How an option's value is stored into the command.
    private enum Store: Sendable {
        case single(@Sendable (inout HighlightCommand, String) -> Bool)
        case repeated(@Sendable (inout HighlightCommand, String) -> Bool)
    }

    /// The long options read here, by name.
    static var names: Set<String> { Set(options.keys) }

    private static let options: [String: Store] = [
        "language": .single {
            $0.language = $1
            return true
        },
        "grammar": .single {
            $0.grammar = $1
            return true
        },
        "grammars": .repeated {
            $0.grammars.append($1)
            return true
        },
        "extensions": .repeated {
            $0.extensions.paths.append($1)
            return true
        },
        "vscode-extensions": .single { command, value in
            store(ExtensionOptions.Automatic(argument: value)) { command.extensions.automatic = $0 }
        },
        "map": .repeated {
            $0.extensions.associations.append($1)
            return true
        },
        "theme": .single {
            $0.theme = $1
            return true
        },
        "format": .single { command, value in store(OutputFormat(argument: value)) { command.format = $0 } },
        "color": .single { command, value in store(ColorChoice(argument: value)) { command.color = $0 } },
        "color-depth": .single { command, value in
            store(ColorDepth(argument: value)) { command.colorDepth = $0 }
        },
        "wrap": .single { command, value in store(Int(argument: value)) { command.wrap = $0 } },
        "jobs": .single { command, value in store(Int(argument: value)) { command.jobs = $0 } },
        "output-dir": .single {
            $0.outputDir = $1
            return true
        },
    ]

    private static func store<Value>(_ value: Value?, _ assign: (Value) -> Void) -> Bool {
        guard let value else { return false }
        assign(value)
        return true
    }

    /// The command `arguments` (those after `highlight`) ask for, validated; nil for anything
    /// this does not read as ArgumentParser would.
    static func parse(_ arguments: [String]) -> HighlightCommand? {
        var command = HighlightCommand.withDefaults()
        var files: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("-") else {
                files.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let body = argument.dropFirst(2)
            let name: String
            let value: String
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                value = String(body[body.index(after: equals)...])
            } else {
                guard index < arguments.count else { return nil }
                name = String(body)
                value = arguments[index]
                index += 1
                guard !value.hasPrefix("-") else { return nil }
            }
            guard !value.isEmpty else { return nil }
            guard let store = options[name] else { return nil }
            switch store {
            case .single(let assign):
                guard seen.insert(name).inserted, assign(&command, value) else { return nil }
            case .repeated(let append):
                guard append(&command, value) else { return nil }
            }
        }
        guard !files.isEmpty else { return nil }
        command.files = files
        do {
            try command.extensions.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}

extension HighlightCommand {
    /// The command with every option at its default and no files: the values ArgumentParser
    /// gives options that are not on the command line.
    fileprivate static func withDefaults() -> HighlightCommand {
        var command = HighlightCommand()
        command.files = []
        command.language = nil
        command.grammar = nil
        command.grammars = []
        command.extensions = ExtensionOptions()
        command.extensions.paths = []
        command.extensions.automatic = .off
        command.extensions.associations = []
        command.theme = "dark"
        command.format = .ansi
        command.color = .auto
        command.colorDepth = nil
        command.wrap = nil
        command.jobs = nil
        command.outputDir = nil
        return command
    }
}
