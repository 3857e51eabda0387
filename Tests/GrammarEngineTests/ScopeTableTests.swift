import Testing

@testable import GrammarEngine
@testable import TestSupport

/// The interner's open-addressing table (`ScopeTable`) against a naive model: a list of the
/// nodes it should hold. Hashes are drawn from a handful of values, so runs of colliding slots
/// form, wrap around the end of the table and are cut by removals in their middle.
@Suite struct ScopeTableTests {
    /// A node the model says the table holds: its identity and the key it is found under.
    private struct Entry {
        let id: ObjectIdentifier
        let key: ScopeTable.Key
    }

    /// The node behind `id`, which the table keeps alive.
    private static func node(_ id: ObjectIdentifier) -> ScopeStack {
        unsafeBitCast(id, to: ScopeStack.self)
    }

    private static func check(_ table: borrowing ScopeTable, against model: [Entry], seed: UInt64) {
        #expect(table.count == model.count, "seed \(seed)")
        for entry in model {
            let parent = entry.key.parent.map(Self.node)
            let found = table.find(hash: entry.key.hash, parent: parent, name: entry.key.name)
            #expect(found.map(ObjectIdentifier.init) == entry.id, "seed \(seed): \(entry.key.name)")
        }
        #expect(Set(table.keys.map(\.name)) == Set(model.map(\.key.name)), "seed \(seed)")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func insertsFindsAndRemovalsAgreeWithAListOfTheNodesHeld(fallback: UInt64) {
        var generator = SeededGenerator(fallback: fallback)
        let seed = generator.seed
        var table = ScopeTable()
        var model: [Entry] = []
        var serial = 0
        for _ in 0..<3_000 {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 6 || model.isEmpty {
                // A new node on the root or on a node the table holds, under a colliding hash.
                let parent =
                    model.isEmpty || Bool.random(using: &generator)
                    ? nil : model.randomElement(using: &generator)
                serial += 1
                let node = ScopeStack(
                    parent: parent.map { Self.node($0.id) }, scopeName: "scope\(serial)", isInterned: true,
                    hash: 16 * Int.random(in: 0..<6, using: &generator)
                        + Int.random(in: 12..<16, using: &generator))
                table.insert(node)
                model.append(Entry(id: ObjectIdentifier(node), key: ScopeTable.Key(of: node)))
            } else if roll < 9 {
                // A node goes exactly when no other node the table holds has it as a parent.
                let index = Int.random(in: 0..<model.count, using: &generator)
                let entry = model[index]
                let hasChild = model.contains { $0.key.parent == entry.id }
                let parentEntry = model.first { $0.id == entry.key.parent }
                let (removed, parent) = table.removeIfUnreferenced(entry.key)
                #expect(removed == !hasChild, "seed \(seed)")
                if removed {
                    #expect(parent?.name == parentEntry?.key.name, "seed \(seed)")
                    #expect(parent?.hash == parentEntry?.key.hash, "seed \(seed)")
                    model.remove(at: index)
                }
            } else {
                let missing = table.find(hash: 3, parent: nil, name: "absent")
                #expect(missing == nil, "seed \(seed)")
            }
        }
        Self.check(table, against: model, seed: seed)
        table.shrinkIfSparse()
        Self.check(table, against: model, seed: seed)
    }

    @Test func aNodeSomethingElseHoldsIsNotRemoved() {
        var table = ScopeTable()
        let held = ScopeStack(parent: nil, scopeName: "held", isInterned: true)
        table.insert(held)
        let (removed, _) = table.removeIfUnreferenced(ScopeTable.Key(of: held))
        #expect(!removed)
        #expect(table.find(hash: held.hash, parent: nil, name: "held") === held)
    }

    @Test func growingReservingAndShrinkingKeepEveryNode() {
        var table = ScopeTable()
        var nodes: [ScopeStack] = []
        for index in 0..<1_000 {
            let node = ScopeStack(parent: nodes.last, scopeName: "n\(index)", isInterned: true)
            nodes.append(node)
            table.insert(node)
        }
        table.reserve(5_000)
        #expect(table.capacity >= 5_000)
        for node in nodes {
            #expect(table.find(hash: node.hash, parent: node.parent, name: node.scopeName) === node)
        }
        // The chain's deepest node goes first, then each parent in turn; each removal names
        // the parent's key.
        var removed = 0
        var expectedKey: String?
        while !nodes.isEmpty {
            let key = ScopeTable.Key(of: nodes.removeLast())
            if let expectedKey { #expect(key.name == expectedKey) }
            let result = table.removeIfUnreferenced(key)
            guard result.removed else { break }
            removed += 1
            expectedKey = result.parent?.name
        }
        #expect(removed == 1_000)
        #expect(table.count == 0)
        table.shrinkIfSparse()
        #expect(table.capacity < 100)
    }
}
