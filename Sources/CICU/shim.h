// ICU's C API: break iterators (UAX #14 lines, grapheme clusters) and character properties.
#ifndef HIGHLIGHTD_CICU_SHIM_H
#define HIGHLIGHTD_CICU_SHIM_H

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/ustring.h>

#endif
