@_exported import BoundedFiles
import Foundation

/// Reads grammar, theme and manifest files with a size limit.
///
/// Clients name these files, so any path may arrive: `/dev/zero` or a file that keeps growing
/// would be read forever by `Data(contentsOf:)`, and a FIFO would block on open. Only regular
/// files are read, through a non-blocking open, and never more than ``maximumSize`` bytes
/// whatever the file's size says.
public enum ResourceFile {
    /// The largest grammar or theme file read: ten times the largest bundled grammar.
    public static let maximumSize = 16 << 20

    /// The file's bytes.
    public static func contents(of url: URL, limit: Int = maximumSize) throws(ResourceFileError) -> [UInt8] {
        try BoundedFile.contents(atPath: url.path, limit: limit)
    }
}
