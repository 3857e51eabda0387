/// What the loop does about memory before it next takes input, between batches (no other
/// thread tokenizes then, so interned stacks can be swept).
enum MemoryUpkeep: Equatable {
    /// Nothing.
    case none
    /// Frees caches and the interned stacks nothing uses any more, without waiting to go idle:
    /// a client that never pauses would otherwise fill the grammars' interners with stacks of
    /// text long gone, and every line tokenized after that keeps a private copy of its state.
    case sweep
    /// Going idle after a burst: frees caches and unused interned stacks, then returns the freed
    /// pages to the system (glibc keeps them in its arenas unless asked).
    case releaseAndTrim

    /// The upkeep due now. `inputWaiting` is only asked when the loop would otherwise go idle
    /// (it polls standard input).
    static func due(
        idle: Bool, inputWaiting: @autoclosure () -> Bool, burst: Bool, stacksToSweep: Bool
    ) -> MemoryUpkeep {
        if idle, burst, !inputWaiting() { return .releaseAndTrim }
        return stacksToSweep ? .sweep : .none
    }
}
