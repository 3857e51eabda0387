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
#embed "../../Web/comment-content.js"
};
static const unsigned char file3[] = {
#embed "../../Web/comment-document.js"
};
static const unsigned char file4[] = {
#embed "../../Web/comment-editing.js"
};
static const unsigned char file5[] = {
#embed "../../Web/comment-input.js"
};
static const unsigned char file6[] = {
#embed "../../Web/comment-mentions.js"
};
static const unsigned char file7[] = {
#embed "../../Web/comment-view.js"
};
static const unsigned char file8[] = {
#embed "../../Web/comment.css"
};
static const unsigned char file9[] = {
#embed "../../Web/comment.js"
};
static const unsigned char file10[] = {
#embed "../../Web/flow.js"
};
static const unsigned char file11[] = {
#embed "../../Web/index.html"
};
static const unsigned char file12[] = {
#embed "../../Web/playground.css"
};
static const unsigned char file13[] = {
#embed "../../Web/playground.js"
};
static const unsigned char file14[] = {
#embed "../../Web/rpc.js"
};
static const unsigned char file15[] = {
#embed "../../Web/story.js"
};

static const struct highlightd_web_asset files[] = {
    {"animation.js", file0, sizeof file0},
    {"code.js", file1, sizeof file1},
    {"comment-content.js", file2, sizeof file2},
    {"comment-document.js", file3, sizeof file3},
    {"comment-editing.js", file4, sizeof file4},
    {"comment-input.js", file5, sizeof file5},
    {"comment-mentions.js", file6, sizeof file6},
    {"comment-view.js", file7, sizeof file7},
    {"comment.css", file8, sizeof file8},
    {"comment.js", file9, sizeof file9},
    {"flow.js", file10, sizeof file10},
    {"index.html", file11, sizeof file11},
    {"playground.css", file12, sizeof file12},
    {"playground.js", file13, sizeof file13},
    {"rpc.js", file14, sizeof file14},
    {"story.js", file15, sizeof file15},
};

size_t highlightd_web_asset_count(void) { return sizeof files / sizeof files[0]; }

const struct highlightd_web_asset *highlightd_web_asset_at(size_t index) {
    return index < highlightd_web_asset_count() ? &files[index] : 0;
}
