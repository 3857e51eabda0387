/// Document tokens in memory of our own, so that the chunks of a document are joined by moving
/// their tokens rather than copying them: a copy retains every token's scope stack, and
/// dropping the chunk releases it again (a millisecond on large.js).
final class TokenBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<DocumentToken>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ token: DocumentToken) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: token)
        count += 1
    }

    /// Appends copies of `count` tokens from index `first`, their ranges moved by `shift`.
    func appendCopies(from first: Int, count copied: Int, shiftedBy shift: Int) {
        precondition(first >= 0 && first + copied <= count)
        if count + copied > capacity { grow(to: max(capacity * 2, count + copied)) }
        for index in first..<(first + copied) {
            let token = base[index]
            (base + count).initialize(
                to: DocumentToken(
                    range: (token.range.lowerBound + shift)..<(token.range.upperBound + shift),
                    stack: token.stack))
            count += 1
        }
    }

    private func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<DocumentToken>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// The tokens of `buffers` from the given start in each, in order, moved into one array;
    /// the buffers keep only the tokens before those starts.
    static func join(_ parts: [(buffer: TokenBuffer, from: Int)]) -> [DocumentToken] {
        let total = parts.reduce(0) { $0 + $1.buffer.count - $1.from }
        return [DocumentToken](unsafeUninitializedCapacity: total) { destination, initialized in
            var next = destination.baseAddress!
            for (buffer, from) in parts where buffer.count > from {
                let moved = buffer.count - from
                next.moveInitialize(from: buffer.base + from, count: moved)
                next += moved
                buffer.count = from
            }
            initialized = total
        }
    }
}
