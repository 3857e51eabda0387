import Foundation
import Testing

/// Locates the shared data sets (conformance suites, editing traces, link fixtures) that tests
/// read in place and never copy into the project.
///
/// The folder comes from `HIGHLIGHTD_TEST_DATA`, else `../shared/data` from the project root.
/// In a user's own clone it may be absent: tests then skip, naming the variable. Under CI
/// (`CI=true`) a missing folder is an error, so nothing is skipped silently there.
public enum TestData {
    /// The environment variable naming the data folder.
    public static let variable = "HIGHLIGHTD_TEST_DATA"

    /// The project root: the folder holding Package.swift, found from this source file.
    public static let projectRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The data folder, whether or not it exists.
    public static var root: URL {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return projectRoot.appendingPathComponent("../shared/data").standardizedFileURL
    }

    /// True when CI=true: a missing data folder must then fail rather than skip.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Whether tests that need the data should run: the folder exists, or CI requires it.
    public static var shouldRun: Bool {
        isCI || FileManager.default.fileExists(atPath: root.path)
    }

    /// The comment a skipped test shows.
    public static let skipReason: Comment =
        "shared test data not found: set \(variable) to the data folder (../shared/data by default)"

    /// The URL of a file inside the data folder; throws a message naming the variable when absent.
    public static func url(_ relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingTestData(path: url.path)
        }
        return url
    }
}

/// A shared data file a test needs is not there.
public struct MissingTestData: Error, CustomStringConvertible {
    /// The path that was looked for.
    public let path: String
    public var description: String {
        "missing test data at \(path); set \(TestData.variable) to the shared data folder"
    }
}
