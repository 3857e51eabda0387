#include <oniguruma.h>

// The encoding and syntax are macros taking an address, which Swift cannot import.
static inline OnigEncoding highlightd_onig_utf8(void) { return ONIG_ENCODING_UTF8; }
static inline OnigSyntaxType *highlightd_onig_syntax(void) { return ONIG_SYNTAX_ONIGURUMA; }

// `onig_error_code_to_str` is variadic, which Swift cannot call.
static inline int highlightd_onig_error_text(OnigUChar *out, int code, OnigErrorInfo *info) {
    return onig_error_code_to_str(out, code, info);
}
