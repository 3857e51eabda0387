import JSONRPC
import TestSupport
import Testing

@testable import DaemonCore

/// The delta machinery against a naive model: random token sets over random line edits,
/// where the snapshot's edit applied to the old data must give exactly the encoding of the
/// new tokens, and the tracker's hull must hold every changed line.
@Suite struct SemanticTokenSnapshotTests {
    /// Random tokens over `lineCount` lines (zero to three a line, in order).
    static func tokens(lines: Range<Int>, using generator: inout SeededGenerator) -> [SemanticToken] {
        var tokens: [SemanticToken] = []
        for line in lines {
            var column = 0
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                column += Int.random(in: 0...4, using: &generator)
                let length = Int.random(in: 1...6, using: &generator)
                tokens.append(
                    SemanticToken(
                        line: line, start: column, length: length,
                        type: Int.random(in: 0...5, using: &generator),
                        modifiers: UInt32.random(in: 0...3, using: &generator)))
                column += length
            }
        }
        return tokens
    }

    static func encode(_ tokens: [SemanticToken]) -> [Int] {
        var encoder = SemanticTokenEncoder()
        for token in tokens { encoder.append(token) }
        return encoder.data
    }

    static func apply(_ edit: SemanticTokenEdit, to data: [Int]) -> [Int] {
        var data = data
        data.replaceSubrange(edit.start..<(edit.start + edit.deleteCount), with: edit.data)
        return data
    }

    @Test func replacingLinesMatchesAFreshEncodingAfterRandomEdits() {
        var generator = SeededGenerator(fallback: 0x5E3A_7104)
        for _ in 0..<300 {
            var lineCount = Int.random(in: 1...30, using: &generator)
            var tokens = Self.tokens(lines: 0..<lineCount, using: &generator)
            var snapshot = SemanticTokenSnapshot(resultId: "0", tokens: tokens, lineCount: lineCount)
            for step in 1...8 {
                // Replace old lines [lower, oldUpper) by a random number of new lines.
                let lower = Int.random(in: 0...lineCount, using: &generator)
                let oldUpper = Int.random(in: lower...min(lineCount, lower + 5), using: &generator)
                let newUpper = lower + Int.random(in: 0...6, using: &generator)
                let shift = newUpper - oldUpper
                let replaced = Self.tokens(lines: lower..<newUpper, using: &generator)
                let before = tokens.filter { $0.line < lower }
                let after = tokens.filter { $0.line >= oldUpper }.map {
                    SemanticToken(
                        line: $0.line + shift, start: $0.start, length: $0.length, type: $0.type,
                        modifiers: $0.modifiers)
                }
                let old = snapshot.data
                let edit = snapshot.replaceLines(
                    lower..<oldUpper, newUpperBound: newUpper, with: replaced, resultId: "\(step)")
                tokens = before + replaced + after
                lineCount += shift
                let fresh = SemanticTokenSnapshot(resultId: "x", tokens: tokens, lineCount: lineCount)
                #expect(Self.apply(edit, to: old) == fresh.data, "seed \(generator.seed)")
                #expect(snapshot.data == fresh.data)
                #expect(snapshot.lineStarts == fresh.lineStarts)
                #expect(snapshot.resultId == "\(step)")
            }
        }
    }

    @Test func editsLeaveOutWhatDidNotChange() {
        let tokens = (0..<100).map { SemanticToken(line: $0, start: 0, length: 2, type: 1, modifiers: 0) }
        var snapshot = SemanticTokenSnapshot(resultId: "1", tokens: tokens, lineCount: 100)
        var changed = tokens[50]
        changed.type = 4
        let edit = snapshot.replaceLines(50..<51, newUpperBound: 51, with: [changed], resultId: "2")
        // Only the type integer of token 50 differs.
        #expect(edit == SemanticTokenEdit(start: 50 * 5 + 3, deleteCount: 1, data: [4]))
    }

    @Test func aLineInsertedBeforeTokensChangesOnlyTheNextLineDelta() {
        let tokens = [0, 5].map { SemanticToken(line: $0, start: 1, length: 2, type: 1, modifiers: 0) }
        var snapshot = SemanticTokenSnapshot(resultId: "1", tokens: tokens, lineCount: 6)
        // Line 2 (empty) becomes two empty lines: the token on line 5 moves to line 6.
        let edit = snapshot.replaceLines(2..<3, newUpperBound: 4, with: [], resultId: "2")
        #expect(edit == SemanticTokenEdit(start: 5, deleteCount: 1, data: [6]))
        #expect(snapshot.lineStarts == [0, 1, 1, 1, 1, 1, 1, 2])
    }

    @Test func theTrackerHullHoldsEveryEditedLineAcrossShifts() {
        let tracker = SemanticTokenTracker(lineCount: 10)
        // Lines 2...3 become 2...5 (two lines inserted).
        tracker.recordEdit(start: 2, newEnd: 5, newLineCount: 12)
        #expect(tracker.changedLines == 2..<6)
        // An edit on line 9 (old 7) leaves the hull's start and extends it.
        tracker.recordEdit(start: 9, newEnd: 9, newLineCount: 12)
        #expect(tracker.changedLines == 2..<10)
        // Deleting lines 0...1 (line 0 joined with 1) shifts the hull down.
        tracker.recordEdit(start: 0, newEnd: 0, newLineCount: 11)
        #expect(tracker.changedLines == 0..<9)
        tracker.recordChange(20..<21)
        #expect(tracker.changedLines == 0..<21)
    }
}
