import Foundation
import TestSupport
import ZIPFoundation

/// Small extension folders and `.vsix` files written by the tests: a manifest and the files
/// it names.
struct MadeUpExtension {
    var name: String
    var version = "1.0.0"
    var contributes: [String: Any] = [:]
    /// Files besides package.json, by relative path.
    var files: [String: String] = [:]
    /// package.json's text when it should not be the encoded manifest (a broken one).
    var rawManifest: String?

    /// A grammar file whose only rule scopes `word` as `keyword.NAME`.
    static func grammar(scope: String, word: String = "word") -> String {
        """
        {"scopeName": "\(scope)", "patterns": [{"match": "\\\\b\(word)\\\\b", "name": "keyword.\(scope)"}]}
        """
    }

    var manifestText: String {
        if let rawManifest { return rawManifest }
        let object: [String: Any] = [
            "name": name, "publisher": "tests", "version": version, "contributes": contributes,
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the extension as a folder inside `parent`; returns it.
    @discardableResult
    func write(in parent: URL, folderName: String? = nil) throws -> URL {
        let folder = parent.appendingPathComponent(
            folderName ?? "tests.\(name)-\(version)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifestText.write(
            to: folder.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Writes the extension as a `.vsix` (its files under `extension/`) plus `extraEntries`
    /// written as they are; returns the file.
    @discardableResult
    func writeArchive(in parent: URL, extraEntries: [String: String] = [:]) throws -> URL {
        let url = parent.appendingPathComponent("\(name)-\(version).vsix")
        let archive = try Archive(url: url, accessMode: .create)
        var entries = ["extension/package.json": manifestText]
        for (path, text) in files { entries["extension/" + path] = text }
        for (path, text) in extraEntries { entries[path] = text }
        for (path, text) in entries.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }
}
