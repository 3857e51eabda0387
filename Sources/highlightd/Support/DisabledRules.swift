import Foundation
import GrammarEngine
import Synchronization

/// Tells standard error, once per rule and process, which rules of a grammar are disabled
/// (a pattern that failed to translate or compile, a rule past a limit): a user whose file
/// looks wrong learns why instead of seeing silently missing colours.
enum DisabledRules {
    private static let reported = Mutex<Set<String>>([])

    /// Reports the grammar's diagnostics not reported before. Patterns compile on first use,
    /// so call it after tokenizing.
    static func report(_ grammar: Grammar) {
        for diagnostic in grammar.diagnostics {
            let line = "\(diagnostic)"
            guard reported.withLock({ $0.insert(line).inserted }) else { continue }
            warn(line)
        }
    }
}
