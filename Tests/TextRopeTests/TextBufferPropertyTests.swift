import Foundation
import TestSupport
import Testing

@testable import TextRope

@Suite struct TextBufferPropertyTests {
    /// Thousands of random edits, each followed by a check of every length, conversion and
    /// line query against the naive model.
    @Test func randomEditsMatchTheNaiveModel() throws {
        var random = SeededGenerator(fallback: 0x5EED_0001)
        var buffer = TextBuffer()
        var model = TextModel()
        for step in 0..<(Int(ProcessInfo.processInfo.environment["STEPS"] ?? "") ?? 2000) {
            let starts = model.scalarStarts
            let lowerScalar = Int.random(in: 0...model.scalars.count, using: &random)
            // Deletions grow with the text so it stays around a thousand scalars.
            let maxDeletion = model.scalars.count > 1000 ? 200 : (step % 7 == 0 ? 40 : 3)
            let upperScalar = min(
                model.scalars.count, lowerScalar + Int.random(in: 0...maxDeletion, using: &random))
            let inserted = RandomText.string(maxPieces: step % 11 == 0 ? 60 : 4, using: &random)
            buffer.replace(Range(bytes: starts[lowerScalar]..<starts[upperScalar]), with: inserted)
            model.scalars.replaceSubrange(lowerScalar..<upperScalar, with: inserted.unicodeScalars)
            // Every boundary is checked every few steps; the cheap checks after every edit.
            try check(buffer, against: model, seed: random.seed, step: step, everyBoundary: step % 10 == 0)
        }
    }

    private func check(
        _ buffer: TextBuffer, against model: TextModel, seed: UInt64, step: Int, everyBoundary: Bool
    ) throws {
        let context = Comment(rawValue: "seed \(seed) step \(step)")
        let text = model.string
        #expect(buffer.string == text, context)
        #expect(buffer.utf8Count == text.utf8.count, context)
        #expect(buffer.count(in: .utf16) == text.utf16.count, context)
        #expect(buffer.count(in: .utf32) == text.unicodeScalars.count, context)
        let lineStarts = model.lineStarts
        #expect(buffer.lineCount == lineStarts.count, context)
        for (line, start) in lineStarts.enumerated() {
            #expect(try buffer.lineStart(line) == start, context)
        }
        guard everyBoundary else { return }
        // Every scalar boundary converts to and from each unit.
        let bytes = model.utf8
        var utf16 = 0
        var line = 0
        for (index, start) in model.scalarStarts.enumerated() {
            while line + 1 < lineStarts.count && lineStarts[line + 1] <= start { line += 1 }
            #expect(buffer.offset(fromUTF8: UTF8Offset(start), to: .utf32) == index, context)
            #expect(buffer.offset(fromUTF8: UTF8Offset(start), to: .utf16) == utf16, context)
            let insideCRLF =
                start > 0 && bytes[start - 1] == 0x0D && start < bytes.count && bytes[start] == 0x0A
            if insideCRLF {
                #expect(throws: TextPositionError.self) { try buffer.utf8Offset(index, in: .utf32) }
            } else {
                #expect(try buffer.utf8Offset(index, in: .utf32).rawValue == start, context)
                #expect(try buffer.utf8Offset(utf16, in: .utf16).rawValue == start, context)
                #expect(buffer.lineIndex(containingUTF8: UTF8Offset(start)).rawValue == line, context)
                let position = buffer.linePosition(ofUTF8: UTF8Offset(start), unit: .utf16)
                #expect(position.line == line, context)
                #expect(try buffer.utf8Offset(of: position, unit: .utf16).rawValue == start, context)
            }
            if index < model.scalars.count {
                let scalar = model.scalars[index]
                utf16 += scalar.value > 0xFFFF ? 2 : 1
                if scalar.value > 0xFFFF {
                    #expect(throws: TextPositionError.self) { try buffer.utf8Offset(utf16 - 1, in: .utf16) }
                }
                if String(scalar).utf8.count > 1 {
                    #expect(throws: TextPositionError.self) { try buffer.utf8Offset(start + 1, in: .utf8) }
                }
            }
        }
        #expect(throws: TextPositionError.self) { try buffer.utf8Offset(text.utf8.count + 1, in: .utf8) }
    }
}
