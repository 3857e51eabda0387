import ArgumentParser
import DocumentStorage
import TextRope

/// Edits a text storage and prints its transaction log: the storage at work without grammars.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Edit a text storage with a toy hook and print the transaction log."
    )

    func run() throws {
        let storage = TextStorage("let answer = 41\r\nprint(answer) // 😀\n")
        storage.addHook(DigitHook())
        print("text: \(storage.string.debugDescription)")
        print(describe(storage.reprocess(storage.text.utf8Range), storage))

        storage.beginEditing()
        try storage.replaceCharacters(in: 13..<15, unit: .utf16, with: "42")
        try storage.replaceCharacters(in: 0..<0, unit: .utf16, with: "// v2\n")
        print(describe(try storage.endEditing(), storage))

        print(describe(try storage.replaceCharacters(in: 37..<38, unit: .utf32, with: "🎉 7"), storage))
        do {
            try storage.replaceCharacters(in: 38..<38, unit: .utf16, with: "x")
        } catch {
            print("rejected: \(error) (the storage is unchanged)")
        }
        print("text: \(storage.string.debugDescription)")
    }

    private func describe(_ transaction: EditingTransaction?, _ storage: TextStorage) -> String {
        guard let transaction else { return "(no transaction)" }
        let context = transaction.context
        var lines = [
            "transaction \(transaction.number): \(transaction.editCount) edit(s), edited \(context.editedRange.map(String.init(describing:)) ?? "-") "
                + "paragraph \(context.paragraphRange) change in length utf8 \(context.changeInLength) "
                + "utf16 \(transaction.changeInLength.utf16) utf32 \(transaction.changeInLength.utf32)"
        ]
        for change in transaction.delta.changes {
            let runs = change.syntaxRuns.map { "\($0.length)×\($0.value)" }.joined(separator: " ")
            lines.append("  delta \(change.range): \(runs)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A toy processEditing hook: digits get style 1, everything else style 0.
private final class DigitHook: TextStorageHook {
    let name = "digits"

    func processEditing(in storage: TextStorage, context: EditingContext) throws {
        let paragraph = context.paragraphRange
        var runs: [AttributeRun<StyleID>] = []
        for byte in storage.text.substring(paragraph).utf8 {
            let style = (0x30...0x39).contains(byte) ? StyleID(rawValue: 1) : .plain
            if let last = runs.last, last.value == style {
                runs[runs.count - 1].length += 1
            } else {
                runs.append(AttributeRun(length: 1, value: style))
            }
        }
        storage.setSyntaxRuns(runs, at: paragraph.lowerBound)
    }
}
