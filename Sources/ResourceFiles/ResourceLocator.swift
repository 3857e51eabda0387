import Foundation

/// Finds the project's `Grammars/` folder (grammars and themes, loaded at run time).
///
/// Order: the `HIGHLIGHTD_GRAMMARS` environment variable (the folder itself); then the
/// executable's folder and each of its parents, for one that contains `Grammars/`; then the
/// working directory and its parents likewise.
public struct ResourceLocator: Sendable {
    /// The environment variable naming the Grammars folder.
    public static let environmentVariable = "HIGHLIGHTD_GRAMMARS"

    /// The environment to read the variable from.
    public var environment: [String: String]
    /// The running executable, when known.
    public var executableURL: URL?
    /// The working directory.
    public var workingDirectory: URL

    /// A locator for this process, or one with the given overrides (for tests).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableURL: URL? = ResourceLocator.currentExecutable(),
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.environment = environment
        self.executableURL = executableURL
        self.workingDirectory = workingDirectory
    }

    /// The running executable with symbolic links resolved.
    public static func currentExecutable() -> URL? {
        let url = Bundle.main.executableURL ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
        return url?.resolvingSymlinksInPath()
    }

    /// The Grammars folder, or nil when none is found.
    public func grammarsDirectory() -> URL? {
        if let path = environment[Self.environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var starts: [URL] = []
        if let executable = executableURL { starts.append(executable.deletingLastPathComponent()) }
        starts.append(workingDirectory)
        for start in starts {
            if let found = Self.search(upwardsFrom: start) { return found }
        }
        return nil
    }

    /// The `Grammars/Themes` folder, or nil when no Grammars folder is found.
    public func themesDirectory() -> URL? {
        grammarsDirectory()?.appendingPathComponent("Themes", isDirectory: true)
    }

    private static func search(upwardsFrom start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("Grammars", isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
