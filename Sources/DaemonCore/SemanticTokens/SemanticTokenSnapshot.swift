/// The token data a client last received for one document from `full` or `full/delta`, kept
/// so the next `full/delta` can send only what changed.
///
/// # Invariants
/// - `data` is exactly the array the client holds (five integers per token, relative).
/// - `lineStarts` has one entry per line plus one: `lineStarts[l]` is the index (in tokens)
///   of the first token on line `l` or later, and `lineStarts.last` is the token count.
struct SemanticTokenSnapshot {
    /// The result id the client will name as `previousResultId`.
    var resultId: String
    var data: [Int]
    var lineStarts: [Int]

    /// A snapshot of tokens given in document order over a text of `lineCount` lines.
    init(resultId: String, tokens: [SemanticToken], lineCount: Int) {
        self.resultId = resultId
        var encoder = SemanticTokenEncoder()
        var starts: [Int] = []
        starts.reserveCapacity(lineCount + 1)
        var index = 0
        for line in 0...lineCount {
            while index < tokens.count, tokens[index].line < line { index += 1 }
            starts.append(index)
        }
        for token in tokens { encoder.append(token) }
        data = encoder.data
        lineStarts = starts
    }

    /// The number of lines the snapshot covers.
    var lineCount: Int { lineStarts.count - 1 }

    /// The number of tokens.
    var tokenCount: Int { data.count / 5 }

    /// The line of token `index`.
    ///
    /// - Complexity: O(log lines).
    func line(ofToken index: Int) -> Int {
        // The last line whose first-token index is ≤ index.
        var low = 0
        var high = lineCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// One `SemanticTokensEdit`: replace `deleteCount` integers at `start` with `data`.
struct SemanticTokenEdit: Equatable {
    var start: Int
    var deleteCount: Int
    var data: [Int]
}

extension SemanticTokenSnapshot {
    /// Replaces the tokens of old lines `oldLines` with `tokens` (absolute, on new lines
    /// `oldLines.lowerBound..<newUpperBound`), shifting later lines by the change in line count,
    /// and returns the edit that turns the old `data` into the new one.
    ///
    /// Only the replaced tokens and the first token after them (whose line delta may change)
    /// are compared; the edit is then trimmed to the integers that really differ.
    ///
    /// - Complexity: O(replaced tokens + lines) for the bookkeeping; the edit itself holds
    ///   only the changed integers.
    mutating func replaceLines(
        _ oldLines: Range<Int>, newUpperBound: Int, with tokens: [SemanticToken], resultId: String
    ) -> SemanticTokenEdit {
        let lineShift = newUpperBound - oldLines.upperBound
        let first = lineStarts[oldLines.lowerBound]
        let end = lineStarts[oldLines.upperBound]
        var encoder =
            first == 0
            ? SemanticTokenEncoder()
            : SemanticTokenEncoder(after: line(ofToken: first - 1), start: 0)
        for token in tokens { encoder.append(token) }
        var replacement = encoder.data
        var oldEnd = end * 5
        if end < tokenCount {
            // The next token is first on its line, so only its line delta can change.
            let following = line(ofToken: end) + lineShift
            replacement += [following - encoder.lastLine] + data[(end * 5 + 1)..<(end * 5 + 5)]
            oldEnd += 5
        }
        let edit = Self.trimmedEdit(old: data[(first * 5)..<oldEnd], new: replacement, at: first * 5)
        data.replaceSubrange((first * 5)..<oldEnd, with: replacement)
        // Line starts: new lines of the replaced range, then the later lines shifted.
        var newStarts: [Int] = []
        var index = 0
        for line in (oldLines.lowerBound + 1)..<(newUpperBound + 1) {
            while index < tokens.count, tokens[index].line < line { index += 1 }
            newStarts.append(first + index)
        }
        let tokenShift = tokens.count - (end - first)
        lineStarts.replaceSubrange((oldLines.lowerBound + 1)..<(oldLines.upperBound + 1), with: newStarts)
        if tokenShift != 0 {
            for position in (newUpperBound + 1)..<lineStarts.count { lineStarts[position] += tokenShift }
        }
        self.resultId = resultId
        return edit
    }

    /// The smallest edit turning `old` (found at `offset`) into `new`: common leading and
    /// trailing integers are left out.
    static func trimmedEdit(old: ArraySlice<Int>, new: [Int], at offset: Int) -> SemanticTokenEdit {
        let old = Array(old)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        return SemanticTokenEdit(
            start: offset + prefix, deleteCount: old.count - prefix - suffix,
            data: Array(new[prefix..<(new.count - suffix)]))
    }
}
