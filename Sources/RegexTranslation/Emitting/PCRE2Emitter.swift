/// Writes an ``OnigNode`` tree as PCRE2 10.42 source with Oniguruma's meaning.
///
/// The output never names groups, never uses x-mode and scopes every option change to a group,
/// so it can be wrapped as one branch of a branch-reset alternation.
struct PCRE2Emitter {
    /// Which anchors are enabled.
    let options: TranslationOptions
    /// Group numbers by name, for calls.
    let names: [String: [Int]]
    /// The number of capture groups in the pattern.
    let groupCount: Int

    /// The word-character class used for `\b` and `\B`, matching Oniguruma's Unicode `\w`.
    static let wordClass = "[" + OnigProperty.word.items.joined() + "]"

    /// Emits `node`.
    func emit(_ node: OnigNode) throws(PatternTranslationError) -> String {
        switch node {
        case .empty: return ""
        case .literal(let scalar): return Self.literal(scalar)
        case .sequence(let items):
            var result = ""
            for item in items {
                let text = try emit(item)
                if case .alternation = item { result += "(?:\(text))" } else { result += text }
            }
            return result
        case .alternation(let branches):
            var parts: [String] = []
            for branch in branches { parts.append(try emit(branch)) }
            return parts.joined(separator: "|")
        case .set(let set): return ClassEmitter.atom(set)
        case .dot: return "."
        case .anchor(let anchor): return anchorText(anchor)
        case .verbatim(let text): return text
        case .group(let kind, let body): return try group(kind, body)
        case .quantified(let body, let quantifier):
            let text = try emit(body)
            let operand = Self.isAtom(body) ? text : "(?:\(text))"
            return operand + Self.quantifierText(quantifier)
        case .backReference(let numbers):
            let references = numbers.sorted(by: >).map { "\\g{\($0)}" }
            // A duplicated name tries the last group first, as Oniguruma does.
            return references.count == 1 ? references[0] : "(?:" + references.joined(separator: "|") + ")"
        case .call(let target): return try call(target)
        case .conditional(let condition, let yes, let no):
            guard case .groupSet(let number) = condition else { return "(?!)" }
            let noText = try no.map { (node) throws(PatternTranslationError) in "|" + (try emit(node)) } ?? ""
            return "(?(\(number))" + (try emit(yes)) + noText + ")"
        case .absent(let body):
            return "(?:(?!" + (try emit(body)) + ")(?s:.))*"
        case .fail: return "(*FAIL)"
        }
    }

    /// Emits a group of any kind.
    func group(_ kind: OnigGroupKind, _ body: OnigNode) throws(PatternTranslationError) -> String {
        switch kind {
        case .capture: return "(" + (try emit(body)) + ")"
        case .nonCapturing: return "(?:" + (try emit(body)) + ")"
        case .options(let change): return "(?" + Self.flags(change) + ":" + (try emit(body)) + ")"
        case .lookahead: return "(?=" + (try emit(body)) + ")"
        case .negativeLookahead: return "(?!" + (try emit(body)) + ")"
        case .atomic: return "(?>" + (try emit(body)) + ")"
        case .lookbehind: return "(?<=" + (try emit(body)) + ")"
        case .negativeLookbehind: return "(?<!" + (try emit(body)) + ")"
        }
    }

    /// The PCRE2 flag letters for an option change (`m` becomes `s`; `x` never appears).
    static func flags(_ change: OnigOptionChange) -> String {
        var on = ""
        var off = ""
        if let ignoreCase = change.ignoreCase { if ignoreCase { on += "i" } else { off += "i" } }
        if let dotAll = change.dotAll { if dotAll { on += "s" } else { off += "s" } }
        return off.isEmpty ? on : on + "-" + off
    }

    /// Emits an anchor, honouring the disabled-anchor options.
    func anchorText(_ anchor: OnigAnchor) -> String {
        switch anchor {
        case .lineStart: return "^"
        case .lineEnd: return "$"
        case .subjectStart: return options.allowAnchorA ? "\\A" : "(?!)"
        case .searchStart: return options.allowAnchorG ? "\\G" : "(?!)"
        // vscode-textmate rewrites `\z` so that it never matches before a line's final newline.
        case .subjectEnd: return options.rewriteEndAnchor ? "$(?!\\n)(?<!\\n)" : "\\z"
        case .subjectEndOrFinalNewline: return "\\Z"
        case .wordBoundary:
            guard options.exactWordBoundaries else { return "\\b" }
            let w = Self.wordClass
            return "(?:(?<=\(w))(?!\(w))|(?<!\(w))(?=\(w)))"
        case .notWordBoundary:
            guard options.exactWordBoundaries else { return "\\B" }
            let w = Self.wordClass
            return "(?:(?<=\(w))(?=\(w))|(?<!\(w))(?!\(w)))"
        }
    }

    /// Emits a subroutine call by number, resolving names now that every group is known.
    func call(_ target: OnigCallTarget) throws(PatternTranslationError) -> String {
        switch target {
        case .number(let number, let offset):
            guard number <= groupCount else {
                throw PatternTranslationError(
                    message: "undefined group <\(number)> reference", offset: offset)
            }
            return number == 0 ? "(?R)" : "(?\(number))"
        case .name(let name, let offset):
            guard let numbers = names[name] else {
                throw PatternTranslationError(message: "undefined name <\(name)> reference", offset: offset)
            }
            guard numbers.count == 1, let number = numbers.first else {
                throw PatternTranslationError(
                    message: "multiplex definition name <\(name)> call", offset: offset)
            }
            return "(?\(number))"
        }
    }
}
