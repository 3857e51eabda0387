// PCRE2 with 8-bit code units, plus the constants Swift cannot import as they are.
#ifndef HIGHLIGHTD_CPCRE2_SHIM_H
#define HIGHLIGHTD_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>

/// PCRE2_ZERO_TERMINATED and PCRE2_UNSET are ~(size_t)0, which overflows Swift's Int literal import.
static inline size_t cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
static inline size_t cpcre2_unset(void) { return PCRE2_UNSET; }

#endif
