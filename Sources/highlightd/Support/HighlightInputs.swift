import ArgumentParser
import Foundation

/// The files a `highlight` of several paths covers.
enum HighlightInputs {
    /// `arguments` with each folder replaced by the files under it that `claimed` accepts (by
    /// path, sorted, hidden files and folders skipped); named files are kept whatever their
    /// name. A path that does not exist is an error before anything is highlighted.
    static func expand(_ arguments: [String], claimed: (String) -> Bool) throws -> [String] {
        var files: [String] = []
        for argument in arguments {
            guard FileManager.default.fileExists(atPath: argument) else {
                throw ValidationError("no such file or folder: \(argument)")
            }
            guard HighlightCommand.isDirectory(argument) else {
                files.append(argument)
                continue
            }
            files += filesUnder(argument).filter(claimed)
        }
        return files
    }

    /// The regular files under `folder`, as paths that start with `folder`, sorted.
    private static func filesUnder(_ folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        let prefix = root.standardizedFileURL.path
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: Set(keys)))?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(prefix + "/") ? String(full.dropFirst(prefix.count + 1)) : full
            found.append(folder.hasSuffix("/") ? folder + relative : folder + "/" + relative)
        }
        return found.sorted()
    }
}
