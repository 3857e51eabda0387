import TextRope

/// What one update of an `IncrementalLayout` changed, as a splice of its list of lines: the
/// lines from `start` replace `deleteCount` lines of the previous layout, and every line after
/// them is the previous line moved: its ranges by the change in the text's UTF-16 length, its
/// y coordinates (rect, baseline, background, clusters) by `yDelta`.
///
/// A client that holds the lines applies this instead of receiving them all again; after
/// an edit that moves the rest of a long document down by a line, only the edited lines and
/// one number travel.
public struct LayoutChange: Hashable, Sendable {
    public var start: Int
    public var deleteCount: Int
    public var lines: [LineFragment]
    public var yDelta: Double

    public init(start: Int, deleteCount: Int, lines: [LineFragment], yDelta: Double) {
        self.start = start
        self.deleteCount = deleteCount
        self.lines = lines
        self.yDelta = yDelta
    }

    /// `previous` with this change applied, the ranges after the splice moved by
    /// `rangeDelta`: what a client holding `previous` ends up with.
    public func applied(to previous: [LineFragment], rangeDelta: Int) -> [LineFragment] {
        let after = previous[(start + deleteCount)...].map { $0.moved(by: rangeDelta, down: yDelta) }
        return Array(previous[..<start]) + lines + after
    }
}

extension LineFragment {
    /// The line with its ranges moved by `offset` UTF-16 units and its y coordinates by `dy`.
    public func moved(by offset: Int, down dy: Double) -> LineFragment {
        var line = self
        line.range = (range.lowerBound + offset)..<(range.upperBound + offset)
        line.rect.y += dy
        line.baseline += dy
        line.background?.y += dy
        line.clusters = clusters.map {
            var rect = $0.rect
            rect.y += dy
            return ClusterRect(
                range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), rect: rect,
                isRightToLeft: $0.isRightToLeft)
        }
        return line
    }
}
