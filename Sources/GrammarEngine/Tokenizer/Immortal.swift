/// Makes objects that live as long as the process exempt from reference counting.
///
/// Interned scope stacks and rule stacks are shared by every thread that tokenizes with their
/// grammar, and every token and line state takes and drops references to them. Each of those
/// is an atomic write to the object's count, and when two threads tokenize chunks of one
/// document at once, the cache line holding the count moves between their cores on almost
/// every token: profiles of two chunks side by side showed `swift_retain` take 14% of the
/// samples against 10% on one thread, most of the difference on these objects. An immortal
/// object's count is only read, never written, so sharing it costs nothing.
///
/// The Swift runtime offers this through `_swift_stdlib_immortalize`, the entry point its own
/// benchmarks use; the symbol is resolved when the program links, so a runtime without it
/// fails the build, not a run. The price is that an immortal object is never freed: interned
/// stacks already live as long as their grammar (the interner's tables hold them, up to its
/// capacity), and they now outlive it too, which matters when grammars are loaded again and
/// again: the daemon does, and turns immortality off (`Grammar.Configuration.immortalStacks`).
package enum Immortal {
    @_silgen_name("_swift_stdlib_immortalize")
    private static func immortalize(_ object: UnsafeMutableRawPointer)

    /// Makes `object` immortal.
    package static func make(_ object: AnyObject) {
        withExtendedLifetime(object) {
            immortalize(Unmanaged.passUnretained(object).toOpaque())
        }
    }

    /// Makes the storage of `array` immortal (the empty array's storage already is).
    package static func make<Element>(storageOf array: [Element]) {
        guard array.capacity > 0 else { return }
        // On platforms without Objective-C an array is one reference to its storage object.
        let storage = unsafeBitCast(array, to: UnsafeMutableRawPointer.self)
        withExtendedLifetime(array) { immortalize(storage) }
    }
}
