import Foundation

extension GrammarRegistry {
    /// The language configuration (comments, brackets, folding) of a language id, or nil when
    /// no definition of it gives one.
    ///
    /// The latest definition with a configuration wins, as a later extension's grammar does.
    /// A configuration file is read the first time it is asked for and kept; one that cannot be
    /// read is reported once through the problem handler and counts as none.
    public func languageConfiguration(forLanguage id: String) -> LanguageConfiguration? {
        let key = id.lowercased()
        lock.lock()
        let definition = languages.last {
            $0.id.lowercased() == key && ($0.configuration != nil || $0.configurationPath != nil)
        }
        lock.unlock()
        guard let definition else { return nil }
        if let inline = definition.configuration { return inline }
        guard let path = definition.configurationPath else { return nil }
        lock.lock()
        if let known = configurationFiles[path] {
            lock.unlock()
            return known
        }
        lock.unlock()
        // Read outside the lock: a slow disk must not hold up other documents.
        let result = Result { () throws(GrammarError) -> LanguageConfiguration in
            try LanguageConfiguration(contentsOf: URL(fileURLWithPath: path))
        }
        lock.lock()
        configurationFiles[path] = try? result.get()
        let handler = problemHandler
        lock.unlock()
        if case .failure(let error) = result { handler?(error) }
        return try? result.get()
    }
}
