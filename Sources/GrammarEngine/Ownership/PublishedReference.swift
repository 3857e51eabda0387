import Synchronization

/// A reference set once and then read without locking, from any thread.
///
/// The same contract as `AtomicLazyReference`, which is not specialized across the module
/// boundary: its `load()` looked up generic metadata on every call, and the tokenizer calls it
/// for every scan.
struct PublishedReference<Instance: AnyObject>: ~Copyable, @unchecked Sendable {
    private let bits = Atomic<UInt>(0)

    init() {}

    deinit {
        let raw = bits.load(ordering: .acquiring)
        if let pointer = UnsafeRawPointer(bitPattern: raw) {
            Unmanaged<Instance>.fromOpaque(pointer).release()
        }
    }

    /// The published value without taking a reference, or nil before anything was published;
    /// this reference is its owner and keeps it alive.
    @inline(__always)
    func loadUnowned() -> Unowned<Instance>? {
        guard let pointer = UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)) else { return nil }
        return Unowned(opaque: pointer)
    }

    /// Publishes `value` unless a value is already there; returns the published one.
    func storeIfNil(_ value: Instance) -> Instance {
        let retained = Unmanaged.passRetained(value)
        let raw = UInt(bitPattern: retained.toOpaque())
        let (exchanged, original) = bits.compareExchange(
            expected: 0, desired: raw, ordering: .acquiringAndReleasing)
        if exchanged { return value }
        retained.release()
        guard let pointer = UnsafeRawPointer(bitPattern: original) else { return value }
        return Unmanaged<Instance>.fromOpaque(pointer).takeUnretainedValue()
    }
}
