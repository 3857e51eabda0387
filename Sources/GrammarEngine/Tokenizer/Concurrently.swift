import Dispatch

/// `body` of 0..<count, on as many threads (the calling one included); the results in
/// order. The chunks of a whole-document tokenization and the renderers' parts run this way.
package func concurrently<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    if count == 1 { return [body(0)] }
    var results = [Result?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { slots in
        let slots = UncheckedSendable(slots)
        withoutActuallyEscaping(body) { body in
            let body = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.value[index] = body.value(index)
            }
        }
    }
    return results.map { $0! }
}

/// `Sendable` for a value that threads use without overlapping: each part of a `concurrently`
/// writes only its own slots, and everything is read after all have finished.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
