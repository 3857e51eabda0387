import DocumentStorage
import Testing
import TextRope

@Suite struct TextStorageTests {
    final class CountingHook: TextStorageHook {
        let name = "counting"
        var contexts: [EditingContext] = []
        func processEditing(in storage: TextStorage, context: EditingContext) throws {
            contexts.append(context)
        }
    }

    @Test func transactionAccumulatesUnionOfEditsMappedThroughLaterOnes() throws {
        let storage = TextStorage("hello world\nsecond line\n")
        let hook = CountingHook()
        storage.addHook(hook)
        storage.beginEditing()
        try storage.replaceCharacters(in: 6..<11, with: "there")  // "hello there"
        try storage.replaceCharacters(in: 0..<0, with: ">> ")  // shifts the first edit by 3
        #expect(hook.contexts.isEmpty, "hooks wait for the end of the transaction")
        let transaction = try #require(try storage.endEditing())
        #expect(hook.contexts.count == 1)
        #expect(transaction.context.editedRange == 0..<14)
        #expect(transaction.context.changeInLength == 3)
        #expect(transaction.context.paragraphRange == 0..<15)
        #expect(storage.string == ">> hello there\nsecond line\n")
    }

    @Test func pureDeletionReportsAnEmptyEditedRangeAndItsParagraph() throws {
        let storage = TextStorage("one\r\ntwo\rthree")
        let transaction = try #require(try storage.replaceCharacters(in: 5..<7, with: ""))
        #expect(storage.string == "one\r\no\rthree")
        #expect(transaction.context.editedRange == 5..<5)
        #expect(transaction.context.paragraphRange == 5..<7)
        #expect(transaction.changeInLength[.utf16] == -2)
    }

    @Test func rejectedEditsLeaveTheStorageUntouched() throws {
        let storage = TextStorage("a😀\r\nb")
        storage.setSyntaxRuns([AttributeRun(length: 8, value: StyleID(rawValue: 7))], at: 0)
        _ = storage.takeAttributeChanges()
        #expect(throws: StorageError.self) {
            try storage.replaceCharacters(in: 2..<2, unit: .utf16, with: "x")
        }
        #expect(throws: StorageError.self) {
            try storage.replaceCharacters(in: 2..<2, unit: .utf8, with: "x")
        }
        #expect(throws: StorageError.self) {
            try storage.replaceCharacters(in: 6..<6, unit: .utf8, with: "x")
        }
        #expect(throws: StorageError.self) {
            try storage.replaceCharacters(in: 0..<99, unit: .utf32, with: "x")
        }
        // A batch with one bad edit applies none of them.
        #expect(throws: StorageError.self) {
            try storage.applyEdits(
                [TextEdit(location: 0, length: 1, text: "Z"), TextEdit(location: 2, length: 0, text: "x")],
                unit: .utf16)
        }
        #expect(storage.string == "a😀\r\nb")
        #expect(storage.syntaxRuns(in: 0..<8) == [AttributeRun(length: 8, value: StyleID(rawValue: 7))])
        #expect(storage.transactionCount == 0)
    }

    @Test func insertedTextGetsEmptyAttributesAndDeletedRunsGo() throws {
        let storage = TextStorage("abcdef")
        storage.setSyntaxRuns(
            [
                AttributeRun(length: 3, value: StyleID(rawValue: 1)),
                AttributeRun(length: 3, value: StyleID(rawValue: 2)),
            ],
            at: 0)
        try storage.replaceCharacters(in: 2..<4, with: "XYZ")
        #expect(
            storage.syntaxRuns(in: 0..<7) == [
                AttributeRun(length: 2, value: StyleID(rawValue: 1)), AttributeRun(length: 3, value: .plain),
                AttributeRun(length: 2, value: StyleID(rawValue: 2)),
            ])
    }

    @Test func throwingHookKeepsOldAttributesAndIsReported() throws {
        final class FailingHook: TextStorageHook {
            let name = "failing"
            struct Boom: Error {}
            func processEditing(in storage: TextStorage, context: EditingContext) throws {
                storage.setSyntaxRuns(
                    [AttributeRun(length: storage.text.utf8Count, value: StyleID(rawValue: 9))], at: 0)
                throw Boom()
            }
        }
        let storage = TextStorage("abc")
        storage.setSyntaxRuns([AttributeRun(length: 3, value: StyleID(rawValue: 4))], at: 0)
        storage.addHook(FailingHook())
        let transaction = try #require(try storage.replaceCharacters(in: 3..<3, with: "d"))
        #expect(transaction.hookFailures.map(\.hookName) == ["failing"])
        #expect(
            storage.syntaxRuns(in: 0..<4) == [
                AttributeRun(length: 3, value: StyleID(rawValue: 4)), AttributeRun(length: 1, value: .plain),
            ])
    }

    @Test func unchangedAttributesProduceNoDeltaOutsideTheEdit() throws {
        final class ConstantHook: TextStorageHook {
            let name = "constant"
            func processEditing(in storage: TextStorage, context: EditingContext) throws {
                let all = storage.text.utf8Range
                storage.setSyntaxRuns([AttributeRun(length: all.count, value: StyleID(rawValue: 1))], at: 0)
            }
        }
        let storage = TextStorage("line one\nline two\n")
        storage.addHook(ConstantHook())
        storage.reprocess(storage.text.utf8Range)
        let transaction = try #require(try storage.replaceCharacters(in: 4..<4, with: "!"))
        #expect(transaction.delta.changes.map(\.range) == [4..<5])
    }
}
