import CICU
import TextSegmentation

/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph: ICU resolves every unit's
/// embedding level once; each line is reordered when it is placed (rules L1 and L2), because
/// which units end a line is only known after breaking.
///
/// A paragraph without a right-to-left character, in a base direction that is not forced to
/// right to left, has no `BidiParagraph` (`init` fails), so the common left-to-right text
/// pays one scan of its units and nothing else.
struct BidiParagraph: Sendable {
    /// The paragraph's base level: 0 left to right, 1 right to left (as the style forces it,
    /// or from the first strong character, left to right when there is none).
    let baseLevel: UInt8
    /// The resolved level of each UTF-16 unit.
    let levels: [UInt8]
    /// Units that L1 sets back to the base level at the end of a line: whitespace, isolate
    /// initiators and terminators, and the formatting characters rule X9 removed.
    private let trailingNeutral: [Bool]
    /// Segment and paragraph separators: at the base level wherever they are, and so is the
    /// whitespace before them.
    private let separator: [Bool]

    var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Resolves `units`' levels in the `base` direction, or fails when every level is 0.
    init?(units: [UInt16], base: ParagraphStyle.BaseDirection = .auto) {
        // Below U+0590 no character is right to left (R, AL) or an explicit right-to-left
        // embedding, override or isolate, so the paragraph is left to right throughout
        // unless its base is.
        guard units.count < Int32.max, base == .rightToLeft || units.contains(where: { $0 >= 0x0590 })
        else { return nil }
        var status = U_ZERO_ERROR
        guard let bidi = ICU.ubidiOpenSized(Int32(units.count), 0, &status), status.rawValue <= 0 else {
            return nil
        }
        defer { ICU.ubidiClose(bidi) }
        var levels: [UInt8] = []
        units.withUnsafeBufferPointer { text in
            // Without a base direction, from the first strong character (left to right if none).
            let level = base == .auto ? UBiDiLevel(UBIDI_DEFAULT_LTR) : base == .rightToLeft ? 1 : 0
            ICU.ubidiSetPara(bidi, text.baseAddress, Int32(text.count), level, nil, &status)
            guard status.rawValue <= 0, ICU.ubidiGetDirection(bidi) != UBIDI_LTR,
                let resolved = ICU.ubidiGetLevels(bidi, &status), status.rawValue <= 0
            else { return }
            levels = Array(UnsafeBufferPointer(start: resolved, count: text.count))
        }
        guard levels.count == units.count else { return nil }
        self.baseLevel = ICU.ubidiGetParaLevel(bidi)
        self.levels = levels
        var trailingNeutral = Array(repeating: false, count: units.count)
        var separator = Array(repeating: false, count: units.count)
        var offset = 0
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let direction = UCharDirection(
                rawValue: UInt32(ICU.getIntPropertyValue(UChar32(scalar.value), UCHAR_BIDI_CLASS)))
            for unit in offset..<(offset + scalar.utf16.count) {
                separator[unit] = direction == U_SEGMENT_SEPARATOR || direction == U_BLOCK_SEPARATOR
                trailingNeutral[unit] = Self.resetsAtLineEnd(direction)
            }
            offset += scalar.utf16.count
        }
        self.trailingNeutral = trailingNeutral
        self.separator = separator
    }

    private static func resetsAtLineEnd(_ direction: UCharDirection) -> Bool {
        switch direction {
        case U_WHITE_SPACE_NEUTRAL, U_FIRST_STRONG_ISOLATE, U_LEFT_TO_RIGHT_ISOLATE, U_RIGHT_TO_LEFT_ISOLATE,
            U_POP_DIRECTIONAL_ISOLATE, U_BOUNDARY_NEUTRAL, U_LEFT_TO_RIGHT_EMBEDDING,
            U_RIGHT_TO_LEFT_EMBEDDING,
            U_LEFT_TO_RIGHT_OVERRIDE, U_RIGHT_TO_LEFT_OVERRIDE, U_POP_DIRECTIONAL_FORMAT:
            return true
        default:
            return false
        }
    }

    /// The level of the run of text starting at `offset`.
    func level(at offset: Int) -> UInt8 { levels[offset] }

    /// The order in which one line's clusters are shown, left to right (indices into
    /// `clusters`, consecutive UTF-16 ranges of one line in logical order), and each
    /// cluster's level on this line.
    func reorder(line clusters: [Range<Int>]) -> (visualOrder: [Int], levels: [UInt8]) {
        guard !clusters.isEmpty else { return ([], []) }
        var lineLevels = clusters.map { levels[$0.lowerBound] }
        // L1: separators, and the neutrals before a separator or the end of the line, take
        // the base level.
        var beforeBoundary = true
        for index in clusters.indices.reversed() {
            let start = clusters[index].lowerBound
            if separator[start] {
                lineLevels[index] = baseLevel
                beforeBoundary = true
            } else if beforeBoundary, trailingNeutral[start] {
                lineLevels[index] = baseLevel
            } else {
                beforeBoundary = false
            }
        }
        // L2: every run at level k or above reversed, from the highest level down to 1.
        var order = [Int32](repeating: 0, count: clusters.count)
        lineLevels.withUnsafeBufferPointer { levels in
            order.withUnsafeMutableBufferPointer { map in
                ICU.ubidiReorderVisual(levels.baseAddress, Int32(levels.count), map.baseAddress)
            }
        }
        return (order.map(Int.init), lineLevels)
    }
}
