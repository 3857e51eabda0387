// libpsl: the Public Suffix List, used to accept bare domains as links.
#ifndef HIGHLIGHTD_CPSL_SHIM_H
#define HIGHLIGHTD_CPSL_SHIM_H

#include <libpsl.h>

// The library is opened when links are first detected (`PSL` in TextSegmentation, through
// `CLibrary`); `hl_<name>` is the type of a pointer to `<name>`.
typedef __typeof__(&psl_builtin) hl_psl_builtin;
typedef __typeof__(&psl_free) hl_psl_free;
typedef __typeof__(&psl_is_public_suffix2) hl_psl_is_public_suffix2;
typedef __typeof__(&psl_latest) hl_psl_latest;
typedef __typeof__(&psl_load_file) hl_psl_load_file;

#endif
