import ArgumentParser
import DaemonCore
import Foundation

/// Serves the JSON-RPC protocol (LSP base framing) on standard input and output.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the daemon: JSON-RPC over stdio (see docs/PROTOCOL.md)."
    )

    @Option(help: "A folder of grammars to load besides the bundled ones (repeatable).")
    var grammars: [String] = []

    @Option(
        help: "The theme unless the client names one: dark, light, an extension theme's label, or a path.")
    var theme = "dark"

    @OptionGroup var extensions: ExtensionOptions

    @Option(help: "Write every incoming message, with a timestamp, to this file.")
    var record: String?

    @Option(help: "Also append the log to this file (it always goes to standard error).")
    var log: String?

    @Option(help: "The largest message body accepted, in bytes.")
    var maxContentLength = 64 << 20

    @Option(
        help: """
            How long to poll for the next message before sleeping, in microseconds, while the \
            client answers right back (0: sleep at once).
            """)
    var spinMicroseconds = ServerLoop.Limits().spinMicroseconds

    func validate() throws {
        guard (0...1_000_000).contains(spinMicroseconds) else {
            throw ValidationError("--spin-microseconds must be from 0 to 1000000 (a second)")
        }
    }

    func run() throws {
        var configuration = ServerConfiguration(
            grammarFolders: grammars.map { URL(fileURLWithPath: $0) }, defaultTheme: theme,
            logFile: log.map { URL(fileURLWithPath: $0) })
        configuration.extensionPaths = extensions.allPaths
        configuration.fileAssociations = try extensions.parsedAssociations()
        var limits = ServerLoop.Limits()
        limits.spinMicroseconds = spinMicroseconds
        let loop = try ServerLoop(
            configuration: configuration, maximumContentLength: maxContentLength, limits: limits,
            recordTo: record.map { URL(fileURLWithPath: $0) })
        let status = loop.run()
        throw ExitCode(status)
    }
}
