import BoundedFiles
import CWebAssets

/// The playground page's files: built into the executable (`Web/`, through `CWebAssets`), or
/// read from a folder on disk while the page is being worked on (`highlightd web --assets`).
///
/// This module uses no Foundation: Foundation's ICU headers clash with the system ICU that the
/// daemon's text modules import, in any module that sees both.
public struct WebAssets: Sendable {
    private let folder: String?

    /// The built-in files.
    public static let builtIn = WebAssets(folder: nil)

    /// The files of `folder`, read on every request, so that a reload shows an edit.
    public static func folder(_ folder: String) -> WebAssets {
        WebAssets(folder: folder)
    }

    // Pointers into the executable's read-only data: never written, safe to share.
    nonisolated(unsafe) private static let files: [String: UnsafeBufferPointer<UInt8>] = {
        var files: [String: UnsafeBufferPointer<UInt8>] = [:]
        for index in 0..<highlightd_web_asset_count() {
            guard let file = highlightd_web_asset_at(index)?.pointee else { continue }
            files[String(cString: file.name)] = UnsafeBufferPointer(start: file.bytes, count: file.length)
        }
        return files
    }()

    /// The largest page file read from a folder.
    static let largestFile = 16 << 20

    /// The names of the built-in files, sorted.
    public static var builtInNames: [String] { files.keys.sorted() }

    /// A file's bytes, or nil when there is none of that name. Names are plain file names:
    /// nothing with a slash or a leading dot is ever read.
    public func contents(of name: String) -> [UInt8]? {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        guard let folder else { return Self.files[name].map(Array.init) }
        return try? BoundedFile.contents(atPath: folder + "/" + name, limit: Self.largestFile)
    }

    /// The media type of a file, by its extension.
    static func mediaType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}
