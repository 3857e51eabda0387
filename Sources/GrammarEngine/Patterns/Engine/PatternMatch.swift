/// The groups of one successful match, as UTF-8 offsets into the subject.
///
/// Group 0 is the whole match. Unset groups have start and end -1 and report a length of 0,
/// as vscode-oniguruma reports them.
public struct PatternMatch: Sendable, Equatable {
    /// Pairs of (start, end) per group, group 0 first.
    public var offsets: [Int]

    /// Creates a match from (start, end) pairs.
    public init(offsets: [Int]) {
        self.offsets = offsets
    }

    /// The number of groups including group 0.
    public var groupCount: Int { offsets.count / 2 }
    /// Where the whole match starts.
    public var start: Int { offsets[0] }
    /// Where the whole match ends.
    public var end: Int { offsets[1] }

    /// The start of group `index`, or -1 when the group is unset.
    public func start(_ index: Int) -> Int { offsets[2 * index] }
    /// The end of group `index`, or -1 when the group is unset.
    public func end(_ index: Int) -> Int { offsets[2 * index + 1] }

    /// The byte range of group `index`, or nil when it is unset or out of range.
    public func range(_ index: Int) -> Range<Int>? {
        guard index >= 0, index < groupCount else { return nil }
        let lower = offsets[2 * index]
        let upper = offsets[2 * index + 1]
        guard lower >= 0, upper >= lower else { return nil }
        return lower..<upper
    }
}
