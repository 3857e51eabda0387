import GrammarEngine
import Testing

/// What the tokenizer relies on when it makes interned stacks immortal (`Immortal`): the object
/// outlives its last reference, and an immortal array's storage is still copied on write.
@Suite struct ImmortalTests {
    private final class Witness {
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    private final class Flag: @unchecked Sendable {
        var isSet = false
    }

    @Test func anImmortalObjectIsNotFreedWhenItsLastReferenceGoes() {
        let mortalFreed = Flag()
        let immortalFreed = Flag()
        do {
            _ = Witness { mortalFreed.isSet = true }
            let immortal = Witness { immortalFreed.isSet = true }
            Immortal.make(immortal)
        }
        #expect(mortalFreed.isSet)
        #expect(!immortalFreed.isSet)
    }

    @Test func anImmortalArrayIsCopiedBeforeItChanges() {
        var names = ["source.js", "meta.function.js"]
        Immortal.make(storageOf: names)
        let copy = names
        names[0] = "source.ts"
        names.append("string.quoted.js")
        #expect(copy == ["source.js", "meta.function.js"])
        #expect(names == ["source.ts", "meta.function.js", "string.quoted.js"])
        Immortal.make(storageOf: [String]())
    }
}
