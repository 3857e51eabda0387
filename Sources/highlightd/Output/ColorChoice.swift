import ArgumentParser
import GrammarEngine
import Rendering

/// Whether terminal output is coloured (`--color`).
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Whether to emit escapes under this choice.
    func isEnabled(environment: [String: String]) -> Bool {
        switch self {
        case .auto: return ANSIRenderer.shouldUseColorForStandardOutput(environment: environment)
        case .always: return true
        case .never: return false
        }
    }
}

extension ColorDepth: ExpressibleByArgument {}
