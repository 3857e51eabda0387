import DocumentStorage
import GrammarEngine

/// The from-scratch highlight incremental highlighting must equal: the whole text tokenized
/// line by line from the initial state (`Grammar.tokenizeDocument`), each token's scopes styled
/// through the same `StyleTable`, adjacent equal runs merged.
public enum ReferenceHighlight {
    /// The syntax runs of a from-scratch highlight of `text`.
    public static func runs(of text: String, grammar: Grammar, styles: StyleTable) -> [AttributeRun<StyleID>]
    {
        var runs: [AttributeRun<StyleID>] = []
        var position = 0
        for token in grammar.tokenizeDocument(text) {
            if token.range.lowerBound > position {
                append(AttributeRun(length: token.range.lowerBound - position, value: .plain), to: &runs)
            }
            append(
                AttributeRun(length: token.range.count, value: styles.id(forScopes: token.scopes)), to: &runs)
            position = token.range.upperBound
        }
        let length = text.utf8.count
        if length > position { append(AttributeRun(length: length - position, value: .plain), to: &runs) }
        return runs
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
