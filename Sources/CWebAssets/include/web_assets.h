#ifndef HIGHLIGHTD_WEB_ASSETS_H
#define HIGHLIGHTD_WEB_ASSETS_H

#include <stddef.h>

/// One file of the playground page (the Web folder), as built into the executable.
struct highlightd_web_asset {
    /// The path inside `Web/`, e.g. `code.js`.
    const char *name;
    /// Its bytes (not NUL-terminated).
    const unsigned char *bytes;
    /// How many bytes.
    size_t length;
};

/// How many files are built in.
size_t highlightd_web_asset_count(void);

/// The file at `index`, or NULL past the end.
const struct highlightd_web_asset *highlightd_web_asset_at(size_t index);

#endif
