import CPCRE2
import Synchronization

/// A pattern's JIT code, compiled once the pattern has shown that it is searched often.
///
/// JIT compilation was about 70% of what compiling a pattern cost PCRE2 (1.1 of 1.5 ms for the
/// 82 patterns a 1.3 KB Rust file needs; the translation took as long again), and a small
/// document searches most of its patterns only a few times, which the interpreter does as
/// quickly. So a pattern starts on the interpreter, and its `threshold`th search compiles a
/// copy of its code with the JIT and publishes it to every thread. The copy matters:
/// `pcre2_jit_compile` writes into the code it compiles, which `pcre2_match` reads, and other
/// threads may be searching the interpreted code at that moment.
///
/// What a search finds must not depend on how often its pattern was searched before, and the
/// two engines count the match limit differently. So a search that the interpreter ends at a
/// limit runs again on the JIT code (compiled then, if it was not yet), and its answer is the
/// one the JIT gives, as if the pattern had been compiled with the JIT from the start.
///
/// `~Copyable`: the value owns the JIT copy and frees it when its pattern goes. A pattern that
/// is JIT-compiled at once (a threshold of 0, the daemon's) is compiled in place, with no copy.
public struct DeferredJIT: ~Copyable {
    /// Searches on the interpreter before the JIT compiles a pattern, by default.
    public static let defaultThreshold = 32

    /// The JIT-compiled copy, once published.
    private let compiled = Atomic<OpaquePointer?>(nil)
    /// Searches left before the JIT compiles; `Int.max` once the JIT has failed, so that
    /// nothing tries again (the interpreter then runs every search, as when the JIT is
    /// missing).
    private let searchesLeft: Atomic<Int>

    /// Whether `compiled` is `code` itself, JIT-compiled in place before any search could read
    /// it (a threshold of 0), which the pattern frees; otherwise it is a copy, freed here.
    private let compiledInPlace: Bool

    /// JIT code for `code` after `threshold` searches; 0 compiles `code` itself now, before
    /// any thread can search it, so that it needs no copy.
    init(_ code: OpaquePointer, threshold: Int) {
        guard threshold <= 0 else {
            searchesLeft = Atomic(threshold)
            compiledInPlace = false
            return
        }
        compiledInPlace = true
        if pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0 {
            searchesLeft = Atomic(0)
            compiled.store(code, ordering: .releasing)
        } else {
            searchesLeft = Atomic(.max)
        }
    }

    deinit {
        if !compiledInPlace, let code = compiled.load(ordering: .acquiring) { pcre2_code_free_8(code) }
    }

    /// Whether the JIT code is published.
    var isCompiled: Bool {
        compiled.load(ordering: .acquiring) != nil
    }

    /// The JIT code to search with, compiled on this search if it is the one due; nil while the
    /// interpreter runs the pattern.
    @inline(__always)
    func code(searching code: OpaquePointer) -> OpaquePointer? {
        if let jit = compiled.load(ordering: .acquiring) { return jit }
        return countSearch(of: code)
    }

    private func countSearch(of code: OpaquePointer) -> OpaquePointer? {
        guard searchesLeft.load(ordering: .relaxed) != .max else { return nil }
        // Only the search that counts the last one down compiles; the others keep to the
        // interpreter until it has published.
        guard searchesLeft.subtract(1, ordering: .relaxed).newValue == 0 else { return nil }
        return compile(code)
    }

    /// The JIT code for `code`, compiled now if no thread has published it yet; nil when the
    /// JIT cannot compile it (out of executable memory, or no JIT in this PCRE2).
    func compile(_ code: OpaquePointer) -> OpaquePointer? {
        if let jit = compiled.load(ordering: .acquiring) { return jit }
        guard searchesLeft.load(ordering: .relaxed) != .max, let copy = pcre2_code_copy_8(code) else {
            return nil
        }
        guard pcre2_jit_compile_8(copy, UInt32(PCRE2_JIT_COMPLETE)) == 0 else {
            pcre2_code_free_8(copy)
            searchesLeft.store(.max, ordering: .relaxed)
            return nil
        }
        // Two threads may have compiled at once: the first to publish wins.
        let (published, current) = compiled.compareExchange(
            expected: nil, desired: copy, ordering: .acquiringAndReleasing)
        guard published else {
            pcre2_code_free_8(copy)
            return current
        }
        return copy
    }
}
