/// The replacements of one transaction, in the order they were applied, each against the text
/// the ones before it left (UTF-8 offsets): what every consumer of an edit maps its offsets,
/// ranges and lines through, instead of a union range and a length change.
///
/// Two far-apart edits of one transaction (a multi-cursor edit, or keystrokes queued behind a
/// slow one) stay two regions, so a consumer redoes two places rather than everything between.
public struct ChangeSet: Hashable, Sendable {
    /// One replacement: `range` of the text before it became `insertedLength` bytes.
    public struct Replacement: Hashable, Sendable {
        /// The replaced range, in the text this replacement was applied to.
        public var range: Range<UTF8Offset>
        /// How many bytes were inserted in its place.
        public var insertedLength: Int
        /// Lines after minus lines before, as the text counts them (a `\n` inserted after a
        /// `\r` joins it into one line break and adds no line).
        public var lineCountChange: Int

        public init(range: Range<UTF8Offset>, insertedLength: Int, lineCountChange: Int = 0) {
            self.range = range
            self.insertedLength = insertedLength
            self.lineCountChange = lineCountChange
        }

        /// Bytes after minus bytes before.
        public var lengthChange: Int { insertedLength - range.count }

        /// The inserted text's range in the text after this replacement.
        public var insertedRange: Range<UTF8Offset> { range.lowerBound..<(range.lowerBound + insertedLength) }

        /// Where `offset` lies after this replacement. Offsets before the replaced range stay
        /// and offsets after it shift; an offset touching it (inside it, at either end, or at
        /// the point of a pure insertion) goes to the start of the inserted text with
        /// `.before` and to its end with `.after`.
        public func map(_ offset: UTF8Offset, association: Association) -> UTF8Offset {
            if offset < range.lowerBound { return offset }
            if offset > range.upperBound { return offset + lengthChange }
            return association == .before ? range.lowerBound : range.lowerBound + insertedLength
        }

        /// Where `target` lies after this replacement. A range that shared text with the
        /// replaced range (or held a pure insertion strictly inside) covers the inserted text;
        /// text inserted at either of its ends stays outside. An empty range maps as a point
        /// with `.after`.
        public func map(_ target: Range<UTF8Offset>) -> Range<UTF8Offset> {
            guard !target.isEmpty else {
                let point = map(target.lowerBound, association: .after)
                return point..<point
            }
            let lower =
                target.lowerBound < range.lowerBound
                ? target.lowerBound
                : target.lowerBound >= range.upperBound ? target.lowerBound + lengthChange : range.lowerBound
            let upper =
                target.upperBound <= range.lowerBound
                ? target.upperBound
                : target.upperBound >= range.upperBound
                    ? target.upperBound + lengthChange : range.lowerBound + insertedLength
            return lower..<max(lower, upper)
        }
    }

    /// Which side of a replacement an offset touching it goes to.
    public enum Association: Hashable, Sendable {
        /// The start of the inserted text: the offset keeps to the text before it.
        case before
        /// The end of the inserted text: the offset keeps to the text after it.
        case after
    }

    /// The replacements, in the order they were applied.
    public private(set) var replacements: [Replacement]

    public init(_ replacements: [Replacement] = []) {
        self.replacements = replacements
    }

    /// Records one more replacement, against the text the ones before it left.
    public mutating func append(_ replacement: Replacement) {
        replacements.append(replacement)
    }

    public var isEmpty: Bool { replacements.isEmpty }

    /// Bytes after minus bytes before.
    public var lengthChange: Int { replacements.reduce(0) { $0 + $1.lengthChange } }

    /// Lines after minus lines before.
    public var lineCountChange: Int { replacements.reduce(0) { $0 + $1.lineCountChange } }

    /// Where `offset` of the text before the first replacement lies after the last.
    public func map(_ offset: UTF8Offset, association: Association) -> UTF8Offset {
        replacements.reduce(offset) { $1.map($0, association: association) }
    }

    /// Where `range` of the text before the first replacement lies after the last.
    public func map(_ range: Range<UTF8Offset>) -> Range<UTF8Offset> {
        replacements.reduce(range) { $1.map($0) }
    }

    /// A changed region of the text after the last replacement.
    public struct Region: Hashable, Sendable {
        /// What the replacements of this region inserted, mapped to the final text (empty at
        /// the place of a pure deletion).
        public var range: Range<UTF8Offset>
        /// Lines after minus lines before, summed over the region's replacements.
        public var lineCountChange: Int
    }

    /// The regions of the final text the replacements changed, in order and disjoint: each
    /// replacement's inserted text mapped through the ones after it, merged where they overlap
    /// or touch. Text outside them is unchanged text of the original, shifted.
    public var regions: [Region] {
        var inserted: [Region] = []
        for (index, replacement) in replacements.enumerated() {
            var range = replacement.insertedRange
            for later in replacements[(index + 1)...] { range = later.mapCovering(range) }
            inserted.append(Region(range: range, lineCountChange: replacement.lineCountChange))
        }
        inserted.sort {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }
        var merged: [Region] = []
        for region in inserted {
            if var last = merged.last, region.range.lowerBound <= last.range.upperBound {
                last.range = last.range.lowerBound..<max(last.range.upperBound, region.range.upperBound)
                last.lineCountChange += region.lineCountChange
                merged[merged.count - 1] = last
            } else {
                merged.append(region)
            }
        }
        return merged
    }

    /// The smallest range of the final text holding every region, nil without replacements.
    public var hull: Range<UTF8Offset>? {
        let regions = self.regions
        guard let first = regions.first, let last = regions.last else { return nil }
        return first.range.lowerBound..<last.range.upperBound
    }
}

extension ChangeSet.Replacement {
    /// `map(_:)` for a changed region: an empty one (a deletion's place) still takes in text
    /// inserted at it, since that text lies where the deletion was.
    fileprivate func mapCovering(_ target: Range<UTF8Offset>) -> Range<UTF8Offset> {
        guard target.isEmpty, target.lowerBound >= range.lowerBound, target.lowerBound <= range.upperBound
        else {
            return map(target)
        }
        return insertedRange
    }
}
