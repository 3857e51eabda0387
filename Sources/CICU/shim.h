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

// The embedding levels of one paragraph: open, resolve, read, close.
static inline UBiDi *hl_ubidi_openSized(int32_t length, UErrorCode *status) {
    return ubidi_openSized(length, 0, status);
}
static inline void hl_ubidi_close(UBiDi *bidi) { ubidi_close(bidi); }
/// Resolves `text`'s levels with the base level 0 (left to right), 1 (right to left), or,
/// when `level` is negative, from its first strong character (left to right when it has
/// none); ICU keeps a pointer to `text` until the next call.
static inline void hl_ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, int level,
                                    UErrorCode *status) {
    ubidi_setPara(bidi, text, length, level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(level & 1), NULL,
                  status);
}
static inline UBiDiDirection hl_ubidi_getDirection(const UBiDi *bidi) {
    return ubidi_getDirection(bidi);
}
static inline UBiDiLevel hl_ubidi_getParaLevel(const UBiDi *bidi) { return ubidi_getParaLevel(bidi); }
static inline const UBiDiLevel *hl_ubidi_getLevels(UBiDi *bidi, UErrorCode *status) {
    return ubidi_getLevels(bidi, status);
}
/// Rule L2 on given levels: `indexMap[visual] = logical`.
static inline void hl_ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}

#endif
