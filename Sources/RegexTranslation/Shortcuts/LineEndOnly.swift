/// Whether a pattern matches nothing but the empty string at a line's end: `$` alone, or in a
/// lookahead (`(?=$)`, how grammars end a rule at the end of its line).
///
/// Such ends are searched once for every token of the lines they close, and the answer is the
/// next line feed or the subject's end, which needs no regex engine (`$` matches before every
/// line feed and at the end of the subject, the patterns being compiled multiline with LF
/// newlines).
enum LineEndOnly {
    static func of(_ node: OnigNode) -> Bool {
        switch node {
        case .anchor(.lineEnd): return true
        case .group(.lookahead, let body), .group(.nonCapturing, let body), .group(.options, let body):
            return of(body)
        case .sequence(let elements) where elements.count == 1: return of(elements[0])
        default: return false
        }
    }
}
