// The Grammars folder, built into the executable with C23 `#embed`, so that a copied or
// installed binary needs no folder beside it. Written by scripts/bundle-grammars.py;
// a test fails when this list and the folder differ.
#include "bundled_files.h"

static const unsigned char file0[] = {
#embed "../../Grammars/Languages/c.tmLanguage.json"
};
static const unsigned char file1[] = {
#embed "../../Grammars/Languages/css.tmLanguage.json"
};
static const unsigned char file2[] = {
#embed "../../Grammars/Languages/diff.tmLanguage.json"
};
static const unsigned char file3[] = {
#embed "../../Grammars/Languages/git-commit.tmLanguage.json"
};
static const unsigned char file4[] = {
#embed "../../Grammars/Languages/html.tmLanguage.json"
};
static const unsigned char file5[] = {
#embed "../../Grammars/Languages/javascript.tmLanguage.json"
};
static const unsigned char file6[] = {
#embed "../../Grammars/Languages/json.tmLanguage.json"
};
static const unsigned char file7[] = {
#embed "../../Grammars/Languages/jsonc.tmLanguage.json"
};
static const unsigned char file8[] = {
#embed "../../Grammars/Languages/latex.tmLanguage.json"
};
static const unsigned char file9[] = {
#embed "../../Grammars/Languages/markdown.tmLanguage.json"
};
static const unsigned char file10[] = {
#embed "../../Grammars/Languages/python.tmLanguage.json"
};
static const unsigned char file11[] = {
#embed "../../Grammars/Languages/rust.tmLanguage.json"
};
static const unsigned char file12[] = {
#embed "../../Grammars/Languages/shell.tmLanguage.json"
};
static const unsigned char file13[] = {
#embed "../../Grammars/Languages/svelte.tmLanguage.json"
};
static const unsigned char file14[] = {
#embed "../../Grammars/Languages/swift.tmLanguage.json"
};
static const unsigned char file15[] = {
#embed "../../Grammars/Languages/toml.tmLanguage.json"
};
static const unsigned char file16[] = {
#embed "../../Grammars/Languages/typescript.tmLanguage.json"
};
static const unsigned char file17[] = {
#embed "../../Grammars/Languages/yaml.tmLanguage.json"
};
static const unsigned char file18[] = {
#embed "../../Grammars/Themes/highlightd-dark.json"
};
static const unsigned char file19[] = {
#embed "../../Grammars/Themes/highlightd-light.json"
};
static const unsigned char file20[] = {
#embed "../../Grammars/languages.json"
};

static const struct highlightd_bundled_file files[] = {
    {"Languages/c.tmLanguage.json", file0, sizeof file0},
    {"Languages/css.tmLanguage.json", file1, sizeof file1},
    {"Languages/diff.tmLanguage.json", file2, sizeof file2},
    {"Languages/git-commit.tmLanguage.json", file3, sizeof file3},
    {"Languages/html.tmLanguage.json", file4, sizeof file4},
    {"Languages/javascript.tmLanguage.json", file5, sizeof file5},
    {"Languages/json.tmLanguage.json", file6, sizeof file6},
    {"Languages/jsonc.tmLanguage.json", file7, sizeof file7},
    {"Languages/latex.tmLanguage.json", file8, sizeof file8},
    {"Languages/markdown.tmLanguage.json", file9, sizeof file9},
    {"Languages/python.tmLanguage.json", file10, sizeof file10},
    {"Languages/rust.tmLanguage.json", file11, sizeof file11},
    {"Languages/shell.tmLanguage.json", file12, sizeof file12},
    {"Languages/svelte.tmLanguage.json", file13, sizeof file13},
    {"Languages/swift.tmLanguage.json", file14, sizeof file14},
    {"Languages/toml.tmLanguage.json", file15, sizeof file15},
    {"Languages/typescript.tmLanguage.json", file16, sizeof file16},
    {"Languages/yaml.tmLanguage.json", file17, sizeof file17},
    {"Themes/highlightd-dark.json", file18, sizeof file18},
    {"Themes/highlightd-light.json", file19, sizeof file19},
    {"languages.json", file20, sizeof file20},
};

size_t highlightd_bundled_file_count(void) { return sizeof files / sizeof files[0]; }

const struct highlightd_bundled_file *highlightd_bundled_file_at(size_t index) {
    return index < highlightd_bundled_file_count() ? &files[index] : 0;
}
