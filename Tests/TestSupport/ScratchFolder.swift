import Foundation

/// Fresh folders for tests that write files.
public enum ScratchFolder {
    /// A new empty folder under the temporary directory whose name starts with `prefix`.
    public static func make(prefix: String = "highlightd-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
