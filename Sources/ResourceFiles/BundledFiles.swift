import CBundledFiles

/// The files of the project's `Grammars/` folder (the manifest, the grammars and the themes)
/// as built into the executable, so that a binary copied or installed anywhere highlights
/// without a folder beside it.
///
/// A Grammars folder named by `HIGHLIGHTD_GRAMMARS`, or found beside a development build,
/// still wins over these (`ResourceLocator`).
public enum BundledFiles {
    /// The built-in files by their path inside `Grammars/` (`Languages/rust.tmLanguage.json`).
    // Pointers into the executable's read-only data: never written, safe to share.
    nonisolated(unsafe) public static let files: [String: UnsafeBufferPointer<UInt8>] = {
        var files: [String: UnsafeBufferPointer<UInt8>] = [:]
        for index in 0..<highlightd_bundled_file_count() {
            guard let file = highlightd_bundled_file_at(index)?.pointee else { continue }
            files[String(cString: file.name)] = UnsafeBufferPointer(start: file.bytes, count: file.length)
        }
        return files
    }()

    /// The paths of the built-in files, sorted.
    public static var names: [String] { files.keys.sorted() }

    /// A built-in file's bytes, or nil when there is none of that name.
    public static func contents(of name: String) -> [UInt8]? {
        files[name].map(Array.init)
    }
}
