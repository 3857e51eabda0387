import DaemonCore
import Foundation
import GrammarEngine
import ResourceFiles

/// The translation cache of one-shot commands (`highlight`): a folder under the user's cache
/// (`$XDG_CACHE_HOME/highlightd`, else `~/.cache/highlightd`), keyed by this executable.
enum OneShotTranslationCache {
    /// The cache for this user and executable; nil when there is no home to put it in or the
    /// executable cannot be found (nothing would tell its translations from another build's).
    static func make(environment: [String: String]) -> TranslationCache? {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache")
        } else {
            return nil
        }
        guard let identity = executableIdentity() else { return nil }
        return TranslationCache(directory: base.appendingPathComponent("highlightd"), identity: identity)
    }

    /// The executable file's device, inode, size and modification time, and the version: any
    /// new build or install changes at least one.
    static func executableIdentity() -> [UInt8]? {
        guard let path = ResourceLocator.currentExecutable()?.path else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        var identity: [UInt8] = Array(HighlightdVersion.current.utf8)
        #if os(Linux)
            let modified = status.st_mtim
        #else
            let modified = status.st_mtimespec
        #endif
        for field in [
            Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size), Int64(modified.tv_sec),
            Int64(modified.tv_nsec),
        ] {
            withUnsafeBytes(of: field.littleEndian) { identity.append(contentsOf: $0) }
        }
        return identity
    }
}
