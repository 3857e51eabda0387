import TestSupport
import Testing

@testable import TextRope

/// `ChangeSet` against a naive model: the text as an array of cells that remember where they
/// came from, edited one replacement at a time, with a marker cell for a mapped offset and
/// marks on the cells of a mapped range.
@Suite struct ChangeSetTests {
    /// A cell of the model text: one of the original bytes (by its offset), an inserted one,
    /// or the marker of the offset being mapped (which takes up no byte).
    enum Cell: Equatable {
        case original(Int)
        case inserted
        case marker
    }

    /// Random replacements over a text of `length` bytes, each valid in the text the ones
    /// before it left.
    static func randomChanges(length: Int, using random: inout SeededGenerator) -> ChangeSet {
        var changes = ChangeSet()
        var current = length
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let lower = Int.random(in: 0...current, using: &random)
            let upper = min(current, lower + Int.random(in: 0...4, using: &random))
            let inserted = Int.random(in: 0...4, using: &random)
            changes.append(.init(range: Range(bytes: lower..<upper), insertedLength: inserted))
            current += inserted - (upper - lower)
        }
        return changes
    }

    /// Where the model puts `offset` after the replacements: a marker cell stays when the
    /// text around it is deleted, and the inserted text goes after it (`.before`) or before
    /// it (`.after`) when the replacement touches it.
    static func modelMap(_ offset: Int, length: Int, changes: ChangeSet, association: ChangeSet.Association)
        -> Int
    {
        var cells = (0..<length).map(Cell.original)
        cells.insert(.marker, at: offset)
        for replacement in changes.replacements {
            let markerIndex = cells.firstIndex(of: .marker)!
            // Cell index of the byte at `position`, skipping the marker.
            func index(of position: Int) -> Int { position < markerIndex ? position : position + 1 }
            let replaced = replacement.range.bytes
            let touching = markerIndex >= replaced.lowerBound && markerIndex <= replaced.upperBound
            for position in replaced.reversed() { cells.remove(at: index(of: position)) }
            let newMarker = cells.firstIndex(of: .marker)!
            let inserted = Array(repeating: Cell.inserted, count: replacement.insertedLength)
            if touching {
                cells.insert(contentsOf: inserted, at: association == .before ? newMarker + 1 : newMarker)
            } else {
                let lower = replaced.lowerBound
                cells.insert(contentsOf: inserted, at: lower < newMarker ? lower : lower + 1)
            }
        }
        return cells.firstIndex(of: .marker)!
    }

    /// Where the model puts a non-empty `range`: its cells are marked; a replacement that
    /// deletes a marked cell, or inserts strictly between two, inserts marked cells; the
    /// result spans the marked cells (an empty range, once none is left, maps as a point).
    static func modelMap(_ range: Range<Int>, length: Int, changes: ChangeSet) -> Range<Int> {
        var marked = (0..<length).map { range.contains($0) }
        var replacements = changes.replacements[...]
        while let replacement = replacements.first {
            replacements = replacements.dropFirst()
            let first = marked.firstIndex(of: true)!
            let last = marked.lastIndex(of: true)!
            let replaced = replacement.range.bytes
            let deletesMarked = replaced.contains { marked[$0] }
            let insertsInside = replaced.isEmpty && first < replaced.lowerBound && last >= replaced.lowerBound
            marked.replaceSubrange(
                replaced,
                with: Array(repeating: deletesMarked || insertsInside, count: replacement.insertedLength))
            guard marked.contains(true) else {
                let point = replaced.lowerBound
                let rest = ChangeSet(Array(replacements))
                let mapped = modelMap(point, length: marked.count, changes: rest, association: .after)
                return mapped..<mapped
            }
        }
        return marked.firstIndex(of: true)!..<(marked.lastIndex(of: true)! + 1)
    }

    @Test func offsetsMapAsTheCellModelMovesThem() {
        var random = SeededGenerator(fallback: 0xC4A9_0001)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &random)
            let changes = Self.randomChanges(length: length, using: &random)
            let offset = Int.random(in: 0...length, using: &random)
            for association in [ChangeSet.Association.before, .after] {
                #expect(
                    changes.map(UTF8Offset(offset), association: association).rawValue
                        == Self.modelMap(offset, length: length, changes: changes, association: association),
                    "seed \(random.seed) \(changes.replacements) offset \(offset) \(association)")
            }
        }
    }

    @Test func rangesMapAsTheCellModelMovesThem() {
        var random = SeededGenerator(fallback: 0xC4A9_0002)
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...12, using: &random)
            let changes = Self.randomChanges(length: length, using: &random)
            let lower = Int.random(in: 0..<length, using: &random)
            let range = lower..<Int.random(in: (lower + 1)...length, using: &random)
            #expect(
                changes.map(Range(bytes: range)).bytes
                    == Self.modelMap(range, length: length, changes: changes),
                "seed \(random.seed) \(changes.replacements) range \(range)")
        }
    }

    /// Outside the regions the final text is the original's bytes in order, every inserted
    /// byte lies in a region, and regions are sorted, disjoint and do not touch.
    @Test func regionsHoldEveryInsertedByteAndNothingElseChanged() {
        var random = SeededGenerator(fallback: 0xC4A9_0003)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &random)
            let changes = Self.randomChanges(length: length, using: &random)
            var cells = (0..<length).map(Cell.original)
            for replacement in changes.replacements {
                cells.replaceSubrange(
                    replacement.range.bytes,
                    with: Array(repeating: .inserted, count: replacement.insertedLength))
            }
            let regions = changes.regions.map(\.range.bytes)
            let context = Comment(rawValue: "seed \(random.seed) \(changes.replacements) regions \(regions)")
            for (index, cell) in cells.enumerated() where cell == .inserted {
                #expect(regions.contains { $0.contains(index) }, context)
            }
            for pair in zip(regions, regions.dropFirst()) {
                #expect(pair.0.upperBound < pair.1.lowerBound, context)
            }
            // The bytes outside the regions, and where each region's deletions were, line up
            // with the original: mapping an untouched original byte lands on that byte.
            for (index, cell) in cells.enumerated() {
                guard case .original(let offset) = cell, !regions.contains(where: { $0.contains(index) })
                else {
                    continue
                }
                #expect(changes.map(UTF8Offset(offset), association: .after).rawValue == index, context)
            }
            #expect(changes.lengthChange == cells.count - length, context)
            #expect(
                changes.hull?.bytes
                    == (regions.isEmpty ? nil : regions.first!.lowerBound..<regions.last!.upperBound)
            )
        }
    }

    @Test func aDeletionFollowedByAnInsertionAtItsPlaceIsOneRegion() {
        let changes = ChangeSet([
            .init(range: 4..<6, insertedLength: 0, lineCountChange: -1),
            .init(range: 4..<4, insertedLength: 3, lineCountChange: 0),
        ])
        #expect(changes.regions == [.init(range: 4..<7, lineCountChange: -1)])
    }

    @Test func farApartEditsStayTwoRegionsWithTheirOwnLineChanges() {
        let changes = ChangeSet([
            .init(range: 100..<100, insertedLength: 1, lineCountChange: 1),
            .init(range: 2..<5, insertedLength: 0, lineCountChange: 0),
        ])
        #expect(
            changes.regions == [
                .init(range: 2..<2, lineCountChange: 0), .init(range: 97..<98, lineCountChange: 1),
            ])
        #expect(changes.lineCountChange == 1)
    }
}
