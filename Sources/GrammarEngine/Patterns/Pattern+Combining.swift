import CPCRE2
import RegexTranslation

extension Pattern {
    /// Combines patterns into one alternation `(?|(?:P0)(*:0)|(?:P1)(*:1)|…)`.
    ///
    /// PCRE2 tries the alternatives in order at each start position, so the first match is the
    /// leftmost one with ties to the lower index: exactly what the scanner needs, in one search.
    /// Branch reset keeps every alternative's group numbers (and numeric back-references); the
    /// MARK at the end of each alternative names the one that matched. Returns nil when the
    /// combination does not compile, and the caller keeps the patterns separate.
    static func combining(_ patterns: [Pattern]) -> Pattern? {
        var source = "(?|"
        for (index, pattern) in patterns.enumerated() {
            if index > 0 { source += "|" }
            source += "(?:\(pattern.source))(*:\(index))"
        }
        source += ")"
        return try? Pattern(
            source, isCacheable: patterns.allSatisfy(\.isCacheable),
            alternativeCaptureCounts: patterns.map(\.captureCount))
    }

    /// Whether a translated pattern may join a combined alternation: no subroutine calls (they
    /// target the first group of a number), no `\K` (it moves the start that ties compare), no
    /// backtracking verbs (they cross alternatives), and no extended-mode comments (a `#`
    /// comment would swallow the closing parenthesis).
    static func isCombinable(_ translated: TranslatedPattern) -> Bool {
        if translated.usesSubroutineCalls || translated.usesMatchReset {
            return false
        }
        let source = translated.source
        guard source.utf8.contains(UInt8(ascii: "#")) else { return true }
        return !hasExtendedFlag(source)
    }

    private static func hasExtendedFlag(_ source: String) -> Bool {
        let bytes = Array(source.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?") {
                var cursor = index + 2
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ")"),
                    bytes[cursor] != UInt8(ascii: ":")
                {
                    if bytes[cursor] == UInt8(ascii: "x") { return true }
                    guard
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor])
                            || bytes[cursor] == UInt8(ascii: "-")
                    else { break }
                    cursor += 1
                }
            }
            index += 1
        }
        return false
    }

    /// The alternative named by the last match's MARK.
    func matchedAlternative(_ workspace: MatchWorkspace) -> Int {
        guard let mark = pcre2_get_mark_8(workspace.matchData) else { return 0 }
        var value = 0
        var cursor = mark
        while cursor.pointee >= UInt8(ascii: "0") && cursor.pointee <= UInt8(ascii: "9") {
            value = value * 10 + Int(cursor.pointee - UInt8(ascii: "0"))
            cursor += 1
        }
        return value
    }
}
