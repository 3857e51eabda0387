/// A reference that does not keep its object alive, read without reference counting.
///
/// The tokenizer's hot loop reads rules, compiled lists and patterns on every scan step, from
/// every thread that tokenizes with a grammar. A strong reference read there is a retain and
/// a release, two atomic writes to a count that all those threads share; in the profiles they
/// were a tenth to a fifth of a document's tokenization. So the engine's owners (a grammar
/// and its rules, a compiled list, a workspace) hold their objects strongly, once, and the
/// loop reads them through `Unowned`.
///
/// **The rule, stated here once:** an `Unowned` is valid only while the owner it was taken
/// from keeps the object alive, and whoever takes one makes sure that owner outlives every
/// read. Each stored `Unowned` names its owner in a comment. The engine's owners never
/// release an object while a scan may run: rules, lists and published patterns live as long
/// as their grammar; a workspace's tables as long as the workspace (its thread).
///
/// Reads go through ``read(_:)``, which lends the object to a closure without retaining it
/// (`_withUnsafeGuaranteedRef`), so the guarantee holds exactly for the closure's duration; in
/// the shape of swift-collections' `Rope._UnmanagedLeaf.read`.
struct Unowned<Object: AnyObject>: @unchecked Sendable {
    private let reference: Unmanaged<Object>

    /// An unowned reference to `object`, which the caller's owner keeps alive.
    @inline(__always)
    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// An unowned reference from an opaque pointer that an owner published (see
    /// `PublishedReference`).
    @inline(__always)
    init(opaque pointer: UnsafeRawPointer) {
        reference = Unmanaged<Object>.fromOpaque(pointer)
    }

    /// Lends the object to `body` without taking a reference.
    @inline(__always)
    func read<Result>(_ body: (Object) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the object, for code off the hot path (it retains).
    @inline(__always)
    var object: Object {
        reference.takeUnretainedValue()
    }
}
