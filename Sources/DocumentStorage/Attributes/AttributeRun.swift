/// A stretch of `length` units carrying one attribute value.
public struct AttributeRun<Value: Hashable & Sendable>: Hashable, Sendable {
    /// How many units (UTF-8 bytes inside the storage) the run covers.
    public var length: Int
    /// The attribute value.
    public var value: Value

    /// Creates a run.
    public init(length: Int, value: Value) {
        self.length = length
        self.value = value
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
