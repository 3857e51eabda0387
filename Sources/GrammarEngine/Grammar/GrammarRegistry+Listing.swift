extension GrammarRegistry {
    /// The registered root scopes, in registration order.
    public var scopeNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }

    /// The language ids a scope is registered under.
    public func languageIds(scopeName: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries[scopeName]?.languageIds ?? []
    }
}
