import Foundation
import ZIPFoundation

/// Unpacks `.vsix` files (zip archives whose `extension/` folder is the extension) into a
/// cache folder, once per file version, so that an unpacked extension is read like any other.
///
/// The cache key is the file's path, size and modification time: a `.vsix` replaced by a new
/// version unpacks again, an unchanged one costs one `stat`. Archives come from anywhere, so
/// only regular files and folders under `extension/` are written, no path may climb out with
/// `..`, and the unpacked size and entry count are bounded (a zip bomb stops at the bound).
public struct ExtensionArchive: Sendable {
    /// The most bytes unpacked from one archive; real extensions with grammars and themes
    /// take a few megabytes.
    public static let maximumUnpackedSize = 256 << 20
    /// The most entries unpacked from one archive.
    public static let maximumEntries = 50_000

    /// The folder holding unpacked archives.
    public var cacheDirectory: URL

    /// An unpacker caching in `cacheDirectory`.
    public init(cacheDirectory: URL) {
        self.cacheDirectory = cacheDirectory
    }

    /// The user's cache: `$XDG_CACHE_HOME/highlightd/vsix`, else `~/.cache/highlightd/vsix`.
    public static func userCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory()).appendingPathComponent(
                ".cache")
        return base.appendingPathComponent("highlightd/vsix", isDirectory: true)
    }

    /// The extension folder of `archive`, unpacked now unless this version already is.
    public func extensionFolder(of archive: URL) throws(ExtensionError) -> URL {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: archive.path)
        } catch {
            throw .unreadable(path: archive.path, reason: error.localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadable(path: archive.path, reason: "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = Self.cacheKey(path: archive.standardizedFileURL.path, size: size, modified: modified)
        let destination = cacheDirectory.appendingPathComponent(key, isDirectory: true)
        let folder = destination.appendingPathComponent("extension", isDirectory: true)
        if FileManager.default.fileExists(atPath: destination.appendingPathComponent(".complete").path) {
            return folder
        }
        try unpack(archive, into: destination)
        return folder
    }

    /// A folder name for one version of one archive: its name, then a hash of path, size and
    /// time (FNV-1a: stable across runs, unlike `Hasher`).
    static func cacheKey(path: String, size: Int64, modified: Double) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(path)\u{0}\(size)\u{0}\(modified)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" }
        return "\(name.prefix(64))-\(String(hash, radix: 16))"
    }

    /// Unpacks into a temporary sibling folder, then renames it into place, so that a
    /// half-unpacked archive is never taken for a whole one.
    private func unpack(_ archiveURL: URL, into destination: URL) throws(ExtensionError) {
        let fileManager = FileManager.default
        let staging = cacheDirectory.appendingPathComponent(
            ".unpacking-\(UUID().uuidString)", isDirectory: true)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            defer { try? fileManager.removeItem(at: staging) }
            let archive = try Archive(url: archiveURL, accessMode: .read)
            var total = 0
            var count = 0
            for entry in archive {
                count += 1
                guard count <= Self.maximumEntries else {
                    throw ExtensionError.badArchive(
                        path: archiveURL.path, reason: "more than \(Self.maximumEntries) entries")
                }
                guard let relative = Self.safeRelativePath(entry.path), relative.hasPrefix("extension/")
                else {
                    continue
                }
                let target = staging.appendingPathComponent(relative)
                switch entry.type {
                case .directory:
                    try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
                case .file:
                    try fileManager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    var data = Data()
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        total += chunk.count
                        guard total <= Self.maximumUnpackedSize else {
                            throw ExtensionError.badArchive(
                                path: archiveURL.path,
                                reason: "unpacks to more than \(Self.maximumUnpackedSize) bytes")
                        }
                        data.append(chunk)
                    }
                    try data.write(to: target)
                case .symlink:
                    continue  // An extension needs none; a link could point anywhere.
                }
            }
            try? fileManager.removeItem(at: destination)
            try fileManager.moveItem(at: staging, to: destination)
            // Without the marker the next run unpacks again: say so rather than pass over it.
            guard
                fileManager.createFile(
                    atPath: destination.appendingPathComponent(".complete").path, contents: nil)
            else {
                throw ExtensionError.badArchive(
                    path: archiveURL.path, reason: "cannot mark \(destination.path) as complete")
            }
        } catch let error as ExtensionError {
            throw error
        } catch {
            throw .badArchive(path: archiveURL.path, reason: "\(error)")
        }
    }

    /// The entry's path if it stays inside the archive root: relative, without `..`.
    static func safeRelativePath(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !path.hasPrefix("/"), !path.contains("\\"), !components.isEmpty,
            !components.contains(where: { $0 == ".." || $0 == "." })
        else { return nil }
        return components.joined(separator: "/")
    }
}
