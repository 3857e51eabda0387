import Foundation

/// Finds a `Grammars/` folder on disk (grammars and themes) to use instead of the built-in
/// copy (`BundledFiles`).
///
/// Order: the `HIGHLIGHTD_GRAMMARS` environment variable (the folder itself); then the
/// executable's folder and each of its parents, for a `Grammars/` that holds `languages.json`
/// (a development build inside its checkout); then, only when given one, a working directory
/// and its parents likewise (tests). A process's own working directory is not searched: an
/// installed binary run inside some project with a `Grammars/` folder of its own must not take
/// that folder for its grammars.
public struct ResourceLocator: Sendable {
    /// The environment variable naming the Grammars folder.
    public static let environmentVariable = "HIGHLIGHTD_GRAMMARS"

    /// The environment to read the variable from.
    public var environment: [String: String]
    /// The running executable, when known.
    public var executableURL: URL?
    /// A working directory to search as a last resort, when given.
    public var workingDirectory: URL?

    /// A locator for this process, or one with the given overrides (for tests).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableURL: URL? = ResourceLocator.currentExecutable(),
        workingDirectory: URL? = nil
    ) {
        self.environment = environment
        self.executableURL = executableURL
        self.workingDirectory = workingDirectory
    }

    /// The running executable with symbolic links resolved.
    ///
    /// On Linux the kernel's `/proc/self/exe` names it. `Bundle.main` would too, but it first
    /// lists the executable's folder, which for an installed binary is `/usr/bin`: about half
    /// a millisecond of every start, and more in a crowded folder.
    public static func currentExecutable() -> URL? {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
                path.hasPrefix("/"), FileManager.default.fileExists(atPath: path)
            {
                return URL(fileURLWithPath: path)
            }
        #endif
        let url = Bundle.main.executableURL ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
        return url?.resolvingSymlinksInPath()
    }

    /// The Grammars folder on disk, or nil when none is found (the built-in one then serves).
    public func grammarsDirectory() -> URL? {
        if let path = environment[Self.environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        var starts: [URL] = []
        if let executable = executableURL { starts.append(executable.deletingLastPathComponent()) }
        if let workingDirectory { starts.append(workingDirectory) }
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
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("languages.json").path)
            {
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
