import TestSupport
import Testing

@testable import TextLayout

/// A band's free spans (one sorted sweep of the exclusions) equal those of the naive model that
/// cuts the inset span by each exclusion in turn.
@Suite struct FreeSpansTests {
    /// The model: every span cut by every blocked extent, one exclusion at a time.
    static func cutOneByOne(_ container: LayoutContainer, top: Double, bottom: Double) -> [ClosedRange<
        Double
    >] {
        var spans = [container.insets.left...(container.width - container.insets.right)]
        for exclusion in container.exclusions {
            guard let blocked = exclusion.horizontalExtent(top: top, bottom: bottom) else { continue }
            spans = spans.flatMap { span -> [ClosedRange<Double>] in
                guard blocked.upperBound > span.lowerBound, blocked.lowerBound < span.upperBound else {
                    return [span]
                }
                var pieces: [ClosedRange<Double>] = []
                if blocked.lowerBound > span.lowerBound {
                    pieces.append(span.lowerBound...blocked.lowerBound)
                }
                if blocked.upperBound < span.upperBound {
                    pieces.append(blocked.upperBound...span.upperBound)
                }
                return pieces
            }
        }
        return spans
    }

    @Test func theSweepEqualsCuttingByEachExclusion() {
        var random = SeededGenerator(fallback: 0xF4EE)
        for _ in 0..<2_000 {
            // Small integer coordinates, so extents often touch, nest and coincide.
            func coordinate(_ range: ClosedRange<Int>) -> Double {
                Double(Int.random(in: range, using: &random))
            }
            var container = LayoutContainer(
                width: coordinate(20...60),
                insets: LayoutInsets(left: coordinate(0...5), right: coordinate(0...5)))
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let rect = LayoutRect(
                    x: coordinate(-10...60), y: coordinate(0...20), width: coordinate(0...25),
                    height: coordinate(0...20))
                container.exclusions.append(Bool.random(using: &random) ? .rect(rect) : .ellipse(rect))
            }
            let top = coordinate(0...25)
            let bottom = top + coordinate(1...10)
            #expect(
                container.freeSpans(top: top, bottom: bottom)
                    == Self.cutOneByOne(container, top: top, bottom: bottom),
                "\(container) band \(top)..<\(bottom)")
        }
    }
}
