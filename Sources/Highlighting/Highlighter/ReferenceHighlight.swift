import DocumentStorage
import GrammarEngine

/// The from-scratch highlight incremental highlighting must equal: the whole text tokenized
/// line by line from the initial state (lines end at `\n`, `\r\n` or `\r`), each token's scopes
/// styled through the same `StyleTable`, the line terminator in the last token of its line,
/// adjacent equal runs merged.
///
/// It shares nothing with `SyntaxHighlighter` but the grammar's `tokenizeLine` and the style
/// table: no line-state store, no storage, its own line splitting.
public enum ReferenceHighlight {
    /// The syntax runs of a from-scratch highlight of `text`.
    public static func runs(
        of text: String, grammar: Grammar, styles: StyleTable, classification: TokenClassification = .standard
    ) -> [AttributeRun<StyleID>] {
        var text = text
        return text.withUTF8 { bytes in
            var runs: [AttributeRun<StyleID>] = []
            var state: RuleStack?
            // Per call only (keys retained, so no identity is reused): whole-path resolution
            // per distinct stack.
            var ids: [ScopeStack: StyleID] = [:]
            var lineStart = 0
            while lineStart < bytes.count {
                var contentEnd = lineStart
                while contentEnd < bytes.count, bytes[contentEnd] != 0x0A, bytes[contentEnd] != 0x0D {
                    contentEnd += 1
                }
                var lineEnd = contentEnd
                if lineEnd < bytes.count {
                    let isPair =
                        bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A
                    lineEnd += isPair ? 2 : 1
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
                let tokenization = grammar.tokenizeLine(utf8: line, state: state)
                state = tokenization.endState
                let tokens = tokenization.tokens
                for index in tokens.indices {
                    let end = index + 1 < tokens.count ? tokens[index + 1].start : lineEnd - lineStart
                    let scopes = tokens[index].scopes
                    let id =
                        ids[scopes] ?? styles.id(forScopes: scopes.scopeNames, classification: classification)
                    ids[scopes] = id
                    append(AttributeRun(length: end - tokens[index].start, value: id), to: &runs)
                }
                lineStart = lineEnd
            }
            return runs
        }
    }

    /// Runs with adjacent equal values merged and empty runs dropped.
    public static func normalized(_ runs: [AttributeRun<StyleID>]) -> [AttributeRun<StyleID>] {
        var result: [AttributeRun<StyleID>] = []
        result.reserveCapacity(runs.count)
        for run in runs { append(run, to: &result) }
        return result
    }

    /// The first UTF-8 offset where two run lists give different values (or where one ends),
    /// or nil if they are equal.
    public static func firstDifference(_ a: [AttributeRun<StyleID>], _ b: [AttributeRun<StyleID>]) -> Int? {
        var i = 0
        var j = 0
        var usedA = 0
        var usedB = 0
        var position = 0
        while i < a.count && j < b.count {
            if a[i].value != b[j].value { return position }
            let step = min(a[i].length - usedA, b[j].length - usedB)
            position += step
            usedA += step
            usedB += step
            if usedA == a[i].length {
                i += 1
                usedA = 0
            }
            if usedB == b[j].length {
                j += 1
                usedB = 0
            }
        }
        return i < a.count || j < b.count ? position : nil
    }

    private static func append(_ run: AttributeRun<StyleID>, to runs: inout [AttributeRun<StyleID>]) {
        guard run.length > 0 else { return }
        if let last = runs.indices.last, runs[last].value == run.value {
            runs[last].length += run.length
        } else {
            runs.append(run)
        }
    }
}
