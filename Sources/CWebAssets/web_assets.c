// The playground page's folder (Web/), built into the executable with C23 `#embed`, so that a copied or
// installed binary needs no folder beside it. Written by scripts/bundle-grammars.py;
// a test fails when this list and the folder differ.
#include "web_assets.h"

static const unsigned char file0[] = {
#embed "../../Web/animation.js"
};
static const unsigned char file1[] = {
#embed "../../Web/code.js"
};
static const unsigned char file2[] = {
#embed "../../Web/comment.js"
};
static const unsigned char file3[] = {
#embed "../../Web/flow.js"
};
static const unsigned char file4[] = {
#embed "../../Web/index.html"
};
static const unsigned char file5[] = {
#embed "../../Web/playground.css"
};
static const unsigned char file6[] = {
#embed "../../Web/playground.js"
};
static const unsigned char file7[] = {
#embed "../../Web/rpc.js"
};
static const unsigned char file8[] = {
#embed "../../Web/story.js"
};

static const struct highlightd_web_asset files[] = {
    {"animation.js", file0, sizeof file0},
    {"code.js", file1, sizeof file1},
    {"comment.js", file2, sizeof file2},
    {"flow.js", file3, sizeof file3},
    {"index.html", file4, sizeof file4},
    {"playground.css", file5, sizeof file5},
    {"playground.js", file6, sizeof file6},
    {"rpc.js", file7, sizeof file7},
    {"story.js", file8, sizeof file8},
};

size_t highlightd_web_asset_count(void) { return sizeof files / sizeof files[0]; }

const struct highlightd_web_asset *highlightd_web_asset_at(size_t index) {
    return index < highlightd_web_asset_count() ? &files[index] : 0;
}
