import CFontconfig
import TextSegmentation

/// fontconfig's functions, from the library opened when layout first looks a font up
/// (`CLibrary`).
enum Fontconfig {
    private static let library = CLibrary(opening: "libfontconfig.so.1")

    static let charSetAddChar = library.function("FcCharSetAddChar", as: hl_FcCharSetAddChar.self)
    static let charSetCreate = library.function("FcCharSetCreate", as: hl_FcCharSetCreate.self)
    static let charSetDestroy = library.function("FcCharSetDestroy", as: hl_FcCharSetDestroy.self)
    static let charSetHasChar = library.function("FcCharSetHasChar", as: hl_FcCharSetHasChar.self)
    static let configSubstitute = library.function("FcConfigSubstitute", as: hl_FcConfigSubstitute.self)
    static let defaultSubstitute = library.function("FcDefaultSubstitute", as: hl_FcDefaultSubstitute.self)
    static let fontMatch = library.function("FcFontMatch", as: hl_FcFontMatch.self)
    static let initLoadConfigAndFonts = library.function(
        "FcInitLoadConfigAndFonts", as: hl_FcInitLoadConfigAndFonts.self)
    static let nameParse = library.function("FcNameParse", as: hl_FcNameParse.self)
    static let patternAddCharSet = library.function("FcPatternAddCharSet", as: hl_FcPatternAddCharSet.self)
    static let patternDestroy = library.function("FcPatternDestroy", as: hl_FcPatternDestroy.self)
    static let patternGetCharSet = library.function("FcPatternGetCharSet", as: hl_FcPatternGetCharSet.self)
    static let patternGetString = library.function("FcPatternGetString", as: hl_FcPatternGetString.self)
}
