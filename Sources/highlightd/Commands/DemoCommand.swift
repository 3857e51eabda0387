import ArgumentParser

/// Edits a text storage and prints its transaction log.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Edit a text storage and print the transaction log."
    )

    func run() throws {
        print("demo: the text storage lands with the foundation")
    }
}
