import RegexTranslation

extension RegexSource {
    /// The source for an anchor variant: a disallowed `\A` or `\G` becomes `(?!)`.
    ///
    /// This mirrors vscode-textmate's `_buildAnchorCache`, which does the substitution before
    /// the regex engine sees the pattern (with U+FFFF, a literal PCRE2 would really match, so
    /// `(?!)` here). The translator receives the same choice through `TranslationOptions` and
    /// does the same; doing it here too keeps the variants right whatever translator is linked.
    /// Escaped pairs are skipped as vscode does, and so are character classes, where `(?!)`
    /// would change the class.
    func variantSource(_ anchors: Anchors) -> String {
        let (allowA, allowG) = (anchors.allowA, anchors.allowG)
        guard hasAnchor, !(allowA && allowG) else { return source }
        var output = ""
        var scalars = Array(source.unicodeScalars)[...]
        var classDepth = 0
        while let scalar = scalars.popFirst() {
            if scalar == "\\", let next = scalars.first {
                scalars.removeFirst()
                if classDepth == 0, (next == "A" && !allowA) || (next == "G" && !allowG) {
                    output += "(?!)"
                } else {
                    output.unicodeScalars.append(scalar)
                    output.unicodeScalars.append(next)
                }
                continue
            }
            if scalar == "[" {
                classDepth += 1
            } else if scalar == "]", classDepth > 0 {
                classDepth -= 1
            }
            output.unicodeScalars.append(scalar)
        }
        return output
    }
}
