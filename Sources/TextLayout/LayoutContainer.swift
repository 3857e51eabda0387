/// A region text flows into: a width, an optional height (text that does not fit flows into
/// the next container), insets, and shapes the text wraps around.
public struct LayoutContainer: Hashable, Sendable {
    public var width: Double
    /// Nil: as tall as the text needs.
    public var height: Double?
    public var insets: LayoutInsets
    /// Shapes lines keep clear of, in the container's coordinates.
    public var exclusions: [ExclusionPath]

    public init(
        width: Double, height: Double? = nil, insets: LayoutInsets = .zero, exclusions: [ExclusionPath] = []
    ) {
        self.width = width
        self.height = height
        self.insets = insets
        self.exclusions = exclusions
    }

    /// The largest coordinate accepted anywhere in a container, in pixels.
    public static let maximumExtent = 10_000_000.0
    /// The most exclusion shapes a container takes: every line's band is checked against
    /// each, so thousands would make each line cost thousands of checks.
    public static let maximumExclusions = 256

    /// Refuses measures that are not finite, negative, or beyond ``maximumExtent``, and a
    /// width the insets leave nothing of.
    func validate() throws(LayoutError) {
        func check(_ name: String, _ value: Double, positive: Bool = false) throws(LayoutError) {
            guard value.isFinite, positive ? value > 0 : value >= 0, value <= Self.maximumExtent else {
                throw .invalidMeasure(name: name, value: value)
            }
        }
        try check("width", width, positive: true)
        if let height { try check("height", height, positive: true) }
        for (name, value) in [
            ("insets.top", insets.top), ("insets.left", insets.left), ("insets.bottom", insets.bottom),
            ("insets.right", insets.right),
        ] {
            try check(name, value)
        }
        guard width - insets.left - insets.right > 0 else {
            throw .invalidMeasure(name: "width inside the insets", value: width - insets.left - insets.right)
        }
        guard exclusions.count <= Self.maximumExclusions else {
            throw .tooManyExclusions(count: exclusions.count, limit: Self.maximumExclusions)
        }
        for exclusion in exclusions {
            let rect = exclusion.bounds
            try check("exclusion width", rect.width)
            try check("exclusion height", rect.height)
            for value in [rect.x, rect.y] where !value.isFinite || abs(value) > Self.maximumExtent {
                throw .invalidMeasure(name: "exclusion origin", value: value)
            }
        }
    }

    /// The free horizontal spans of the band `top..<bottom` inside the insets, left to right.
    ///
    /// - Complexity: O(k log k) for k exclusions: the blocked extents are sorted and swept
    ///   once (cutting every span by every extent in turn was quadratic).
    func freeSpans(top: Double, bottom: Double) -> [ClosedRange<Double>] {
        let left = insets.left
        let right = width - insets.right
        let blocked = exclusions.compactMap { $0.horizontalExtent(top: top, bottom: bottom) }
            .filter { $0.upperBound > left && $0.lowerBound < right }
            .sorted { $0.lowerBound < $1.lowerBound }
        var spans: [ClosedRange<Double>] = []
        var start = left
        for extent in blocked {
            if extent.lowerBound > start { spans.append(start...extent.lowerBound) }
            start = max(start, extent.upperBound)
            if start >= right { return spans }
        }
        if start < right { spans.append(start...right) }
        return spans
    }
}

/// Space kept clear inside a container's edges.
public struct LayoutInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = LayoutInsets()
}

/// A shape text wraps around.
public enum ExclusionPath: Hashable, Sendable {
    case rect(LayoutRect)
    /// The ellipse inscribed in the rectangle.
    case ellipse(LayoutRect)

    public var bounds: LayoutRect {
        switch self {
        case .rect(let rect), .ellipse(let rect): rect
        }
    }

    /// The x range the shape covers anywhere between `top` and `bottom`, or nil if it does
    /// not reach into that band.
    func horizontalExtent(top: Double, bottom: Double) -> ClosedRange<Double>? {
        let box = bounds
        guard box.width > 0, box.height > 0, box.y < bottom, box.maxY > top else { return nil }
        switch self {
        case .rect:
            return box.x...box.maxX
        case .ellipse:
            // Widest where the band comes closest to the centre.
            let centreY = box.y + box.height / 2
            let nearest = min(max(centreY, top), bottom)
            let dy = (nearest - centreY) / (box.height / 2)
            let half = box.width / 2 * (1 - dy * dy).squareRoot()
            let centreX = box.x + box.width / 2
            return (centreX - half)...(centreX + half)
        }
    }

    /// Whether the shape covers any point of `rect` (for tests and checks).
    public func intersects(_ rect: LayoutRect) -> Bool {
        guard let extent = horizontalExtent(top: rect.y, bottom: rect.maxY) else { return false }
        return extent.upperBound > rect.x && extent.lowerBound < rect.maxX
    }
}
