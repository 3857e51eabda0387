import Dispatch
import GrammarEngine
import Synchronization

/// A renderer's output made in numbered parts side by side and handed on in order, in a few
/// buffers used again and again.
///
/// Rendered whole, a document's output was as many fresh bytes as it is long, and fresh memory
/// is what costs here: the kernel clears every page before the first write to it, and on this
/// project's machines a huge page took from 0.2 to 4.7 ms to arrive. jQuery's full JSON is
/// 22.9 MB, and clearing its pages was a tenth of `highlight --format json`'s CPU time. In
/// parts of a few hundred kilobytes, each handed on as soon as the parts before it are, a run
/// touches a few parts' worth of memory, and what it writes is still in the cache when
/// `write(2)` copies it.
///
/// A thread that finishes a part before its turn leaves it waiting and goes on with the next
/// (the first part of the compact JSON, its stacks, takes longer than the parts after it);
/// at most `window` parts are rendered ahead of the next one due.
enum OrderedParts {
    /// The parts rendered ahead at most, beyond one per thread.
    static let window = 4

    /// What the threads share.
    private final class Exchange: Sendable {
        /// The next part to render.
        let next = Atomic<Int>(0)
        /// Permits to render a part: one is given back each time a part is handed on.
        let permits: DispatchSemaphore
        let state = Mutex(State())

        struct State {
            /// The next part to hand on.
            var due = 0
            /// Parts rendered before their turn, by number.
            var waiting: [Int: [UInt8]] = [:]
            /// Buffers handed on, to render into again.
            var spare: [[UInt8]] = []
        }

        init(permits: Int) {
            self.permits = DispatchSemaphore(value: permits)
        }
    }

    /// Renders parts `0..<count` with `render` (which appends a part's bytes to the buffer it
    /// is given, empty but with room left from earlier parts) on up to `jobs` threads, and
    /// passes each to `emit` in order, one call at a time, on whichever thread finished the
    /// part that was due.
    static func run(
        count: Int, jobs: Int, render: (Int, inout [UInt8]) -> Void, emit: ([UInt8]) -> Void
    ) {
        guard count > 0 else { return }
        let threads = max(1, min(jobs, count))
        let exchange = Exchange(permits: threads + window)
        _ = concurrently(threads) { _ in
            while true {
                exchange.permits.wait()
                let part = exchange.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard part < count else {
                    exchange.permits.signal()
                    return
                }
                var buffer = exchange.state.withLock { $0.spare.popLast() } ?? []
                buffer.removeAll(keepingCapacity: true)
                render(part, &buffer)
                handOn(part, buffer, exchange: exchange, emit: emit)
            }
        }
    }

    /// Leaves `part` waiting, or, when it is due, hands it on with every waiting part that
    /// follows it. Only the thread that added the due part hands parts on, so `emit` is never
    /// called twice at once.
    private static func handOn(_ part: Int, _ buffer: [UInt8], exchange: Exchange, emit: ([UInt8]) -> Void) {
        var next: [UInt8]? = exchange.state.withLock { state in
            guard part == state.due else {
                state.waiting[part] = buffer
                return nil
            }
            return buffer
        }
        while let bytes = next {
            emit(bytes)
            exchange.permits.signal()
            next = exchange.state.withLock { state in
                state.spare.append(bytes)
                state.due += 1
                return state.waiting.removeValue(forKey: state.due)
            }
        }
    }

    /// The parts `run` would hand on, each its own array (for callers that keep them).
    static func collect(count: Int, jobs: Int, render: (Int, inout [UInt8]) -> Void) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        parts.reserveCapacity(count)
        run(count: count, jobs: jobs, render: render) { parts.append($0) }
        return parts
    }
}
