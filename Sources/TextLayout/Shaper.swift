import CHarfBuzz

/// Shapes text with HarfBuzz: glyphs with kerning, ligatures and complex-script forms.
public enum Shaper {
    /// The direction a run is set in, as the bidi algorithm resolved it.
    public enum Direction: Sendable {
        case leftToRight, rightToLeft
    }

    /// The glyphs of `text` in `font`, in visual order (right to left for Arabic and Hebrew,
    /// as HarfBuzz returns them). Script and language are guessed from the text, as `hb-shape`
    /// does, and so is the direction unless it is given. Clusters are UTF-16 offsets into
    /// `text`.
    public static func shape(_ text: String, font: LayoutFont, direction: Direction? = nil) -> [ShapedGlyph] {
        let units = Array(text.utf16)
        guard !units.isEmpty, let buffer = HarfBuzz.bufferCreate() else { return [] }
        defer { HarfBuzz.bufferDestroy(buffer) }
        units.withUnsafeBufferPointer { pointer in
            HarfBuzz.bufferAddUtf16(
                buffer, pointer.baseAddress, Int32(pointer.count), 0, Int32(pointer.count))
        }
        switch direction {
        case .leftToRight: HarfBuzz.bufferSetDirection(buffer, HB_DIRECTION_LTR)
        case .rightToLeft: HarfBuzz.bufferSetDirection(buffer, HB_DIRECTION_RTL)
        case nil: break
        }
        HarfBuzz.bufferGuessSegmentProperties(buffer)
        HarfBuzz.shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = HarfBuzz.bufferGetGlyphInfos(buffer, &count),
            let positions = HarfBuzz.bufferGetGlyphPositions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { index in
            ShapedGlyph(
                glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
                xAdvance: positions[index].x_advance, yAdvance: positions[index].y_advance,
                xOffset: positions[index].x_offset, yOffset: positions[index].y_offset)
        }
    }
}
