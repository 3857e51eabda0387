/// One glyph as shaping placed it, in font units.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in the font.
    public var glyph: UInt32
    /// The UTF-16 offset, in the shaped text, of the first unit of the characters this glyph
    /// belongs to (HarfBuzz's cluster); a ligature has one cluster for all its characters.
    public var cluster: Int
    public var xAdvance: Int32
    public var yAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32

    public init(glyph: UInt32, cluster: Int, xAdvance: Int32, yAdvance: Int32, xOffset: Int32, yOffset: Int32)
    {
        self.glyph = glyph
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.yAdvance = yAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}
