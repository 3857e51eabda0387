import Foundation
import TestSupport

/// Runs the built `highlightd` executable, as a user or a plugin would.
struct BuiltBinary {
    /// The executable next to the test bundle (SwiftPM puts products in one folder).
    static var url: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder.deleteLastPathComponent() }
        let candidate = folder.appendingPathComponent("highlightd")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        return TestData.projectRoot.appendingPathComponent(".build/debug/highlightd")
    }

    /// The cache folder of this test process's runs.
    static let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "highlightd-e2e-cache-\(ProcessInfo.processInfo.processIdentifier)")

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `highlightd arguments…` with extra environment variables and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["HIGHLIGHTD_GRAMMARS"] = TestData.projectRoot.appendingPathComponent("Grammars").path
        // One-shot commands keep pattern translations under the user's cache: the tests' go
        // to a folder of their own, not the home of whoever runs them.
        merged["XDG_CACHE_HOME"] = cacheFolder.path
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file with the given name and returns its path.
    static func temporaryFile(named name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
