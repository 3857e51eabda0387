#ifndef HIGHLIGHTD_CFONTCONFIG_SHIM_H
#define HIGHLIGHTD_CFONTCONFIG_SHIM_H
// fontconfig: font names (and fallbacks for characters a font lacks) to font files.
#include <fontconfig/fontconfig.h>

// The library is opened when layout first needs it (`Fontconfig` in TextLayout, through
// `CLibrary`); `hl_<name>` is the type of a pointer to `<name>`.
typedef __typeof__(&FcCharSetAddChar) hl_FcCharSetAddChar;
typedef __typeof__(&FcCharSetCreate) hl_FcCharSetCreate;
typedef __typeof__(&FcCharSetDestroy) hl_FcCharSetDestroy;
typedef __typeof__(&FcCharSetHasChar) hl_FcCharSetHasChar;
typedef __typeof__(&FcConfigSubstitute) hl_FcConfigSubstitute;
typedef __typeof__(&FcDefaultSubstitute) hl_FcDefaultSubstitute;
typedef __typeof__(&FcFontMatch) hl_FcFontMatch;
typedef __typeof__(&FcInitLoadConfigAndFonts) hl_FcInitLoadConfigAndFonts;
typedef __typeof__(&FcNameParse) hl_FcNameParse;
typedef __typeof__(&FcPatternAddCharSet) hl_FcPatternAddCharSet;
typedef __typeof__(&FcPatternDestroy) hl_FcPatternDestroy;
typedef __typeof__(&FcPatternGetCharSet) hl_FcPatternGetCharSet;
typedef __typeof__(&FcPatternGetString) hl_FcPatternGetString;
#endif
