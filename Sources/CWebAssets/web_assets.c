// The playground page's folder (Web/), built into the executable with C23 `#embed`, so that a copied or
// installed binary needs no folder beside it. Written by scripts/bundle-grammars.py;
// a test fails when this list and the folder differ.
#include "web_assets.h"

static const unsigned char file0[] = {
#embed "../../Web/animation.css"
};
static const unsigned char file1[] = {
#embed "../../Web/animation.js"
};
static const unsigned char file2[] = {
#embed "../../Web/code.js"
};
static const unsigned char file3[] = {
#embed "../../Web/comment-content.js"
};
static const unsigned char file4[] = {
#embed "../../Web/comment-document.js"
};
static const unsigned char file5[] = {
#embed "../../Web/comment-editing.js"
};
static const unsigned char file6[] = {
#embed "../../Web/comment-input.js"
};
static const unsigned char file7[] = {
#embed "../../Web/comment-mentions.js"
};
static const unsigned char file8[] = {
#embed "../../Web/comment-view.js"
};
static const unsigned char file9[] = {
#embed "../../Web/comment.css"
};
static const unsigned char file10[] = {
#embed "../../Web/comment.js"
};
static const unsigned char file11[] = {
#embed "../../Web/flow.js"
};
static const unsigned char file12[] = {
#embed "../../Web/index.html"
};
static const unsigned char file13[] = {
#embed "../../Web/layout-view.js"
};
static const unsigned char file14[] = {
#embed "../../Web/playground.css"
};
static const unsigned char file15[] = {
#embed "../../Web/playground.js"
};
static const unsigned char file16[] = {
#embed "../../Web/rpc.js"
};
static const unsigned char file17[] = {
#embed "../../Web/story.css"
};
static const unsigned char file18[] = {
#embed "../../Web/story.js"
};
static const unsigned char file19[] = {
#embed "../../Web/typing-surface.css"
};
static const unsigned char file20[] = {
#embed "../../Web/typing-surface.js"
};

static const struct highlightd_web_asset files[] = {
    {"animation.css", file0, sizeof file0},
    {"animation.js", file1, sizeof file1},
    {"code.js", file2, sizeof file2},
    {"comment-content.js", file3, sizeof file3},
    {"comment-document.js", file4, sizeof file4},
    {"comment-editing.js", file5, sizeof file5},
    {"comment-input.js", file6, sizeof file6},
    {"comment-mentions.js", file7, sizeof file7},
    {"comment-view.js", file8, sizeof file8},
    {"comment.css", file9, sizeof file9},
    {"comment.js", file10, sizeof file10},
    {"flow.js", file11, sizeof file11},
    {"index.html", file12, sizeof file12},
    {"layout-view.js", file13, sizeof file13},
    {"playground.css", file14, sizeof file14},
    {"playground.js", file15, sizeof file15},
    {"rpc.js", file16, sizeof file16},
    {"story.css", file17, sizeof file17},
    {"story.js", file18, sizeof file18},
    {"typing-surface.css", file19, sizeof file19},
    {"typing-surface.js", file20, sizeof file20},
};

size_t highlightd_web_asset_count(void) { return sizeof files / sizeof files[0]; }

const struct highlightd_web_asset *highlightd_web_asset_at(size_t index) {
    return index < highlightd_web_asset_count() ? &files[index] : 0;
}
