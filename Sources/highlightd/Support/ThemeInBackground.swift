import Dispatch
import ThemeEngine

/// A theme read and built on another thread while the caller goes on: a small file's run
/// spent 0.9 ms building its theme (parsing the file, sorting its rules, filling the trie)
/// before it read its text, resolved its grammar or tokenized anything, none of which needs
/// the theme.
///
/// `@unchecked Sendable`: `result` is written once, before `loaded` is signalled, and read only
/// after waiting for that signal.
final class ThemeInBackground: @unchecked Sendable {
    private let loaded = DispatchSemaphore(value: 0)
    private var result: Result<Theme, ThemeError>?

    /// Starts loading the theme `name` (a built-in name, an extension theme's label or a file)
    /// from `catalog`.
    init(named name: String, catalog: ThemeCatalog) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { () throws(ThemeError) in try Theme.named(name, catalog: catalog) }
            loaded.signal()
        }
    }

    /// The theme, once loaded; its loading error if it failed. May be called many times.
    func theme() throws(ThemeError) -> Theme {
        loaded.wait()
        // Let a later call (or another thread) through too.
        loaded.signal()
        return try result!.get()
    }
}
