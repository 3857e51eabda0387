// ICU's C API: break iterators (UAX #14 lines, grapheme clusters), character properties, and
// the bidirectional algorithm (UAX #9).
#ifndef HIGHLIGHTD_CICU_SHIM_H
#define HIGHLIGHTD_CICU_SHIM_H

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/ustring.h>

// Debian's ICU renames every entry point with its version (ubrk_open -> ubrk_open_72) through
// macros Swift does not import. Swift looks each function up by its versioned name in a
// library it opens on first use (`ICU` in TextSegmentation, through `CLibrary`), as
// the type named here: `hl_<name>` is a pointer to `<name>`.
typedef __typeof__(&ubrk_open) hl_ubrk_open;
typedef __typeof__(&ubrk_close) hl_ubrk_close;
typedef __typeof__(&ubrk_setText) hl_ubrk_setText;
typedef __typeof__(&ubrk_first) hl_ubrk_first;
typedef __typeof__(&ubrk_next) hl_ubrk_next;
typedef __typeof__(&ubrk_getRuleStatus) hl_ubrk_getRuleStatus;
typedef __typeof__(&u_getIntPropertyValue) hl_u_getIntPropertyValue;
typedef __typeof__(&u_charType) hl_u_charType;
typedef __typeof__(&u_hasBinaryProperty) hl_u_hasBinaryProperty;
typedef __typeof__(&ubidi_openSized) hl_ubidi_openSized;
typedef __typeof__(&ubidi_close) hl_ubidi_close;
typedef __typeof__(&ubidi_setPara) hl_ubidi_setPara;
typedef __typeof__(&ubidi_getDirection) hl_ubidi_getDirection;
typedef __typeof__(&ubidi_getParaLevel) hl_ubidi_getParaLevel;
typedef __typeof__(&ubidi_getLevels) hl_ubidi_getLevels;
typedef __typeof__(&ubidi_reorderVisual) hl_ubidi_reorderVisual;

#endif
