import Foundation
import Synchronization
import Testing

@testable import Rendering

/// Parts rendered side by side come out whole, in order, one at a time, with no more rendered
/// ahead than the window allows, whatever order the threads finish them in.
@Suite struct OrderedPartsTests {
    /// What the emitting side saw.
    private final class Record: @unchecked Sendable {
        let lock = NSLock()
        var emitted: [Int] = []
        var emitting = 0
        var overlapped = false
        var rendered = 0
        var mostAhead = 0
    }

    @Test(arguments: [(1, 1), (1, 7), (2, 40), (3, 40), (8, 5)])
    func partsAreHandedOnInOrderOneAtATime(jobs: Int, count: Int) {
        let record = Record()
        OrderedParts.run(
            count: count, jobs: jobs,
            render: { part, buffer in
                #expect(buffer.isEmpty, "a buffer comes back empty")
                // Parts finish out of order: even parts take longer.
                if part % 2 == 0 { Thread.sleep(forTimeInterval: 0.000_2 * Double(part % 5)) }
                buffer.append(contentsOf: Array("part \(part);".utf8))
                record.lock.lock()
                record.rendered += 1
                record.mostAhead = max(record.mostAhead, record.rendered - record.emitted.count)
                record.lock.unlock()
            },
            emit: { bytes in
                record.lock.lock()
                record.emitting += 1
                if record.emitting > 1 { record.overlapped = true }
                record.lock.unlock()
                let text = String(decoding: bytes, as: UTF8.self)
                record.lock.lock()
                record.emitted.append(Int(text.dropFirst(5).dropLast()) ?? -1)
                record.emitting -= 1
                record.lock.unlock()
            })
        #expect(record.emitted == Array(0..<count))
        #expect(!record.overlapped, "emit is never called twice at once")
        #expect(record.mostAhead <= min(jobs, count) + OrderedParts.window)
    }

    @Test func collectedPartsAreEachTheirOwnArray() {
        let parts = OrderedParts.collect(count: 30, jobs: 2) { part, buffer in
            buffer.append(contentsOf: repeatElement(UInt8(part), count: 1_000 + part))
        }
        #expect(parts.count == 30)
        for (part, bytes) in parts.enumerated() {
            #expect(bytes == [UInt8](repeating: UInt8(part), count: 1_000 + part))
        }
    }

    @Test func noPartsEmitNothing() {
        var calls = 0
        OrderedParts.run(count: 0, jobs: 2, render: { _, _ in }, emit: { _ in calls += 1 })
        #expect(calls == 0)
    }
}
