/// A table of objects that it owns, handed out as ``Unowned`` references.
///
/// The owning half of `Unowned`: the table retains each object once when it is stored and
/// releases it when it is replaced or the table goes, and every read in between takes no
/// reference. It is `~Copyable` so that exactly one owner frees its memory: a copy would
/// release the objects twice.
struct ReferenceTable<Object: AnyObject>: ~Copyable, @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Unmanaged<Object>?>

    /// A table holding `objects` (nil entries stay empty).
    init(_ objects: [Object?]) {
        slots = .allocate(capacity: objects.count)
        _ = slots.initialize(from: objects.lazy.map { $0.map(Unmanaged.passRetained) })
    }

    /// An empty table.
    init() {
        self.init([])
    }

    deinit {
        for slot in slots { slot?.release() }
        slots.deallocate()
    }

    /// The number of entries, empty ones included.
    @inline(__always)
    var count: Int { slots.count }

    /// Whether the table has no entries.
    @inline(__always)
    var isEmpty: Bool { slots.isEmpty }

    /// The object at `index`, unowned (the table keeps it alive); nil for an empty entry or an
    /// index outside the table.
    @inline(__always)
    subscript(index: Int) -> Unowned<Object>? {
        guard index >= 0, index < slots.count, let slot = slots[index] else { return nil }
        return Unowned(opaque: slot.toOpaque())
    }

    /// The object at `index`, strongly referenced (off the hot path).
    func object(at index: Int) -> Object? {
        self[index]?.object
    }

    /// Stores `object` at `index`, growing the table as needed and releasing what was there.
    /// Only for a table no `Unowned` taken from that entry is still read from.
    mutating func replace(at index: Int, with object: Object?) {
        if index >= slots.count {
            let grown = UnsafeMutableBufferPointer<Unmanaged<Object>?>.allocate(
                capacity: max(index + 17, slots.count * 2))
            let kept = slots.count
            if let old = slots.baseAddress { grown.baseAddress!.moveInitialize(from: old, count: kept) }
            (grown.baseAddress! + kept).initialize(repeating: nil, count: grown.count - kept)
            slots.deallocate()
            slots = grown
        }
        slots[index]?.release()
        slots[index] = object.map(Unmanaged.passRetained)
    }
}
