/// A stretch of `length` units carrying one attribute value.
public struct AttributeRun<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The length in 32 bits. A syntax run is then 8 bytes instead of 16, and the syntax layer
    /// was the largest part of an open document's memory (issue 29's soak: about 40% of a
    /// JavaScript document's heap). Every run lies inside one storage's text, which
    /// `TextStorage.maximumLength` keeps within 32 bits.
    private var storedLength: UInt32
    /// The attribute value.
    public var value: Value

    /// Creates a run. A negative length makes an empty run (which the merging append drops);
    /// a length past `UInt32.max` is a programming error (no storage holds one).
    public init(length: Int, value: Value) {
        storedLength = Self.stored(length)
        self.value = value
    }

    /// How many units (UTF-8 bytes inside the storage) the run covers.
    public var length: Int {
        get { Int(storedLength) }
        set { storedLength = Self.stored(newValue) }
    }

    private static func stored(_ length: Int) -> UInt32 {
        length <= 0 ? 0 : UInt32(length)
    }
}

extension Array {
    /// Appends a run, merging it into the last run when the values are equal; empty runs are
    /// dropped.
    mutating func appendMerging<Value>(_ run: AttributeRun<Value>) where Element == AttributeRun<Value> {
        guard run.length > 0 else { return }
        if let last = self.last, last.value == run.value {
            self[count - 1].length += run.length
        } else {
            append(run)
        }
    }
}
