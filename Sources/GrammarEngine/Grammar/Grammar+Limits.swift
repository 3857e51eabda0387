extension Grammar {
    /// Bounds on the work a grammar file can demand, far above what real grammars need.
    ///
    /// Grammars come from users and editor clients, so no file may crash or hang the daemon. A
    /// rule that goes past a bound is left out and reported through ``Grammar/diagnostics`` as
    /// ``GrammarError/limitExceeded(grammar:rulePath:message:)``; the rest of the grammar works.
    public enum Limits {
        /// How deeply rules may be compiled inside each other, following the first reference to
        /// each rule: compiling recurses once per level, and a chain of 50,000 includes
        /// overflowed the stack. The bundled grammars nest at most a few dozen levels.
        public static let ruleNesting = 1_000

        /// How many rules one pattern list may be flattened into, counting each rule an
        /// include-only rule reaches. Includes can form diamonds that repeat rules exponentially
        /// (`a: [#b, #b]`, `b: [#c, #c]`, …); real lists hold at most a few hundred.
        public static let flattenedPatterns = 50_000
    }

    /// Records a diagnostic once, from any thread.
    func report(_ error: GrammarError) {
        diagnosticsLock.lock()
        defer { diagnosticsLock.unlock() }
        guard reportedDiagnostics.insert(error).inserted else { return }
        patternDiagnostics.append(error)
    }
}
