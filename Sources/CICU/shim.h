// ICU's C API: break iterators (UAX #14 lines, grapheme clusters) and character properties.
#ifndef HIGHLIGHTD_CICU_SHIM_H
#define HIGHLIGHTD_CICU_SHIM_H

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/ustring.h>

// Debian's ICU renames every entry point with its version (ubrk_open -> ubrk_open_72) through
// macros Swift does not import. These wrappers give Swift stable, version-free names.
static inline UBreakIterator *hl_ubrk_open(UBreakIteratorType type, const char *locale,
                                           const UChar *text, int32_t length,
                                           UErrorCode *status) {
    return ubrk_open(type, locale, text, length, status);
}
static inline void hl_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline void hl_ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t length,
                                   UErrorCode *status) {
    ubrk_setText(bi, text, length, status);
}
static inline int32_t hl_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t hl_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t hl_ubrk_following(UBreakIterator *bi, int32_t offset) {
    return ubrk_following(bi, offset);
}
static inline int32_t hl_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline int32_t hl_u_getIntPropertyValue(UChar32 c, UProperty which) {
    return u_getIntPropertyValue(c, which);
}
static inline int8_t hl_u_charType(UChar32 c) { return u_charType(c); }
static inline UBool hl_u_hasBinaryProperty(UChar32 c, UProperty which) {
    return u_hasBinaryProperty(c, which);
}

#endif
