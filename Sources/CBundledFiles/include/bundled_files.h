#ifndef HIGHLIGHTD_BUNDLED_FILES_H
#define HIGHLIGHTD_BUNDLED_FILES_H

#include <stddef.h>

/// One file of the Grammars folder, as built into the executable.
struct highlightd_bundled_file {
    /// The path inside `Grammars/`, e.g. `Languages/rust.tmLanguage.json`.
    const char *name;
    /// Its bytes (not NUL-terminated).
    const unsigned char *bytes;
    /// How many bytes.
    size_t length;
};

/// How many files are built in.
size_t highlightd_bundled_file_count(void);

/// The file at `index`, or NULL past the end.
const struct highlightd_bundled_file *highlightd_bundled_file_at(size_t index);

#endif
