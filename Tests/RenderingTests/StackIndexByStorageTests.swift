import TestSupport
import Testing

@testable import Rendering

/// The styles' table of stack indices by array address, against a `Dictionary` as the model.
@Suite struct StackIndexByStorageTests {
    /// Addresses as array storage has them: 16-byte aligned, clustered, never 0.
    static func address(_ number: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: 0x7F00_0000_0000 + number * 48)!
    }

    @Test(arguments: [1, 16, 2_048])
    func everyStoredAddressIsFoundAndNoOtherThroughGrowth(expected: Int) {
        var table = StackIndexByStorage(expected: expected)
        var model: [UnsafeRawPointer: Int] = [:]
        var generator = SeededGenerator(fallback: UInt64(expected))
        for index in 0..<20_000 {
            let address = Self.address(Int.random(in: 0..<60_000, using: &generator))
            if let known = model[address] {
                #expect(table.index(of: address) == known)
                continue
            }
            #expect(table.index(of: address) == nil, "seed \(generator.seed)")
            table.insert(address, index: index)
            model[address] = index
        }
        for (address, index) in model { #expect(table.index(of: address) == index) }
        for number in 60_000..<61_000 { #expect(table.index(of: Self.address(number)) == nil) }
    }
}
