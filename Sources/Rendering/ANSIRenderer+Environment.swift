import GrammarEngine
import ThemeEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ANSIRenderer {
    /// The variable that turns colour off when set to any non-empty value (no-color.org).
    public static let noColorVariable = "NO_COLOR"

    /// Whether to colour output: never when `NO_COLOR` is non-empty, else only on a terminal.
    public static func shouldUseColor(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        if let value = environment[noColorVariable], !value.isEmpty { return false }
        return outputIsTerminal
    }

    /// `shouldUseColor` for this process's environment and standard output.
    public static func shouldUseColorForStandardOutput(environment: [String: String]) -> Bool {
        shouldUseColor(environment: environment, outputIsTerminal: isatty(STDOUT_FILENO) != 0)
    }
}
