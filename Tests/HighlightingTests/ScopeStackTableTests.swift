import TestSupport
import Testing

@testable import GrammarEngine
@testable import Highlighting

/// `ScopeStackTable` answers as a `Dictionary` keyed by the same stacks does: equal stacks
/// (interned nodes, and uninterned copies equal to them) share an entry, through growth,
/// replacement and clearing, and under hashes chosen to collide.
@Suite struct ScopeStackTableTests {
    @Test(arguments: [UInt64(0x5717_0001), 0x5717_0002, 0x5717_0003])
    func answersAsADictionaryOfTheSameStacks(seed: UInt64) {
        var random = SeededGenerator(fallback: seed)
        var table = ScopeStackTable<Int>(expected: 4)
        var model: [ScopeStack: Int] = [:]
        var nodes: [ScopeStack] = []
        for step in 0..<4_000 {
            let roll = Int.random(in: 0..<20, using: &random)
            let stack: ScopeStack
            if roll < 8 || nodes.isEmpty {
                // A new node; half of them share a handful of hashes, so their slots collide.
                let parent =
                    nodes.isEmpty || Bool.random(using: &random) ? nil : nodes.randomElement(using: &random)
                // Interned nodes are unique per structure (as an interner makes them), so each
                // gets a name of its own; uninterned ones repeat names, and so structures.
                let interned = Bool.random(using: &random)
                let name = interned ? "interned\(step)" : "s\(Int.random(in: 0..<12, using: &random))"
                stack = ScopeStack(
                    parent: parent, scopeName: name, isInterned: interned,
                    hash: Bool.random(using: &random) ? 64 * Int.random(in: 0..<4, using: &random) : nil)
                nodes.append(stack)
            } else if roll < 12 {
                // An uninterned copy of a known stack: equal to it, another object.
                let known = nodes.randomElement(using: &random)!
                stack = ScopeStack(
                    parent: known.parent, scopeName: known.scopeName, isInterned: false,
                    hash: known.structuralHash)
            } else {
                stack = nodes.randomElement(using: &random)!
            }
            #expect(table[stack] == model[stack], "seed \(seed), step \(step)")
            if roll == 19 && Int.random(in: 0..<20, using: &random) == 0 {
                table.removeAll()
                model.removeAll()
            } else if roll >= 6 {
                table.insert(step, for: stack)
                model[stack] = step
            }
            #expect(table.count == model.count, "seed \(seed), step \(step)")
        }
        for node in nodes { #expect(table[node] == model[node], "seed \(seed)") }
    }
}
