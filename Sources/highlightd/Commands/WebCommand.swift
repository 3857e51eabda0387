import ArgumentParser
import DaemonCore
import Foundation
import TextLayout
import WebPlayground

/// Serves the browser playground: the page, and the daemon's JSON-RPC over a WebSocket.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Run the browser playground on 127.0.0.1 (see docs/PLAYGROUND.md).",
        discussion: """
            Prints the page's URL, with its token, on standard output and serves until \
            interrupted. Every WebSocket connection is a daemon session of its own, speaking \
            exactly the JSON-RPC messages of `highlightd serve`.
            """
    )

    @Option(help: "The port to listen on (0: any free port).")
    var port = 0

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: "Serve the page's files from this folder instead of the built-in ones.")
    var assets: String?

    @Option(help: "The theme sessions start with: dark, light, an extension theme's label, or a path.")
    var theme = "dark"

    @OptionGroup var extensions: ExtensionOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() throws {
        var configuration = ServerConfiguration(defaultTheme: theme)
        configuration.extensionPaths = extensions.allPaths
        configuration.fileAssociations = try extensions.parsedAssociations()
        let sessionConfiguration = configuration
        let server = try PlaygroundServer(
            port: port, assets: assets.map { .folder($0) } ?? .builtIn,
            makeSession: { send in PlaygroundDaemonSession(configuration: sessionConfiguration, send: send) },
            fontPath: { try? FontLocator.path(forName: $0) })
        // Unbuffered, so that a script reading the URL gets it at once.
        FileHandle.standardOutput.write(Data((server.url + "\n").utf8))
        if open {
            let opener = Process()
            opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            opener.arguments = ["xdg-open", server.url]
            // xdg-open missing or failing: the URL above still works in any browser.
            opener.terminationHandler = { process in
                guard process.terminationStatus != 0 else { return }
                FileHandle.standardError.write(
                    Data("highlightd web: xdg-open failed; open the URL above yourself\n".utf8))
            }
            do {
                try opener.run()
            } catch {
                FileHandle.standardError.write(
                    Data("highlightd web: could not open a browser: \(error)\n".utf8))
            }
        }
        try server.wait()
    }
}
