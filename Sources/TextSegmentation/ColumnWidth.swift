import CICU

/// How many terminal columns text takes: East Asian Wide and Fullwidth characters and emoji
/// presentation sequences take 2, combining marks, format characters (zero-width joiner,
/// variation selectors) and controls take 0, a tab advances to the next tab stop, and
/// everything else (East Asian Ambiguous included) takes 1.
public enum ColumnWidth {
    /// The width of one grapheme cluster starting at `column`, with tab stops every
    /// `tabWidth` columns (clamped as ``LineBreaker/Configuration/tabWidth`` is; a negative
    /// column counts as 0), so no argument can overflow.
    public static func of(_ grapheme: Character, atColumn column: Int = 0, tabWidth: Int = 8) -> Int {
        if grapheme == "\t" {
            let stop = LineBreaker.Configuration.clamp(tabWidth)
            return stop - max(column, 0) % stop
        }
        return of(scalars: grapheme.unicodeScalars)
    }

    /// The width of a grapheme cluster given by its scalars; 0 for none.
    ///
    /// A cluster is as wide as its first scalar: the marks, joiners and modifiers after it
    /// add nothing. An emoji base followed by U+FE0F (emoji presentation) is 2 wide.
    public static func of(scalars: some Sequence<Unicode.Scalar>) -> Int {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        var width = width(of: base)
        if width < 2, ICU.hasBinaryProperty(UChar32(base.value), UCHAR_EMOJI) != 0 {
            while let next = iterator.next() {
                if next.value == 0xFE0F {
                    width = 2
                    break
                }
            }
        }
        return width
    }

    /// The width of a single scalar.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        let code = UChar32(value)
        switch Int32(ICU.charType(code)) {
        case Int32(U_NON_SPACING_MARK.rawValue), Int32(U_ENCLOSING_MARK.rawValue),
            Int32(U_FORMAT_CHAR.rawValue), Int32(U_CONTROL_CHAR.rawValue):
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        let eastAsianWidth = ICU.getIntPropertyValue(code, UCHAR_EAST_ASIAN_WIDTH)
        if eastAsianWidth == Int32(U_EA_WIDE.rawValue) || eastAsianWidth == Int32(U_EA_FULLWIDTH.rawValue) {
            return 2
        }
        if ICU.hasBinaryProperty(code, UCHAR_EMOJI_PRESENTATION) != 0 { return 2 }
        return 1
    }
}
