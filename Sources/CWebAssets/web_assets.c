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
#embed "../../Web/code-attributes.js"
};
static const unsigned char file3[] = {
#embed "../../Web/code-inspector.js"
};
static const unsigned char file4[] = {
#embed "../../Web/code-samples.js"
};
static const unsigned char file5[] = {
#embed "../../Web/code-view.js"
};
static const unsigned char file6[] = {
#embed "../../Web/code.css"
};
static const unsigned char file7[] = {
#embed "../../Web/code.js"
};
static const unsigned char file8[] = {
#embed "../../Web/comment-content.js"
};
static const unsigned char file9[] = {
#embed "../../Web/comment-document.js"
};
static const unsigned char file10[] = {
#embed "../../Web/comment-editing.js"
};
static const unsigned char file11[] = {
#embed "../../Web/comment-input.js"
};
static const unsigned char file12[] = {
#embed "../../Web/comment-mentions.js"
};
static const unsigned char file13[] = {
#embed "../../Web/comment-view.js"
};
static const unsigned char file14[] = {
#embed "../../Web/comment.css"
};
static const unsigned char file15[] = {
#embed "../../Web/comment.js"
};
static const unsigned char file16[] = {
#embed "../../Web/flow.js"
};
static const unsigned char file17[] = {
#embed "../../Web/index.html"
};
static const unsigned char file18[] = {
#embed "../../Web/layout-view.js"
};
static const unsigned char file19[] = {
#embed "../../Web/playground.css"
};
static const unsigned char file20[] = {
#embed "../../Web/playground.js"
};
static const unsigned char file21[] = {
#embed "../../Web/rpc.js"
};
static const unsigned char file22[] = {
#embed "../../Web/story.css"
};
static const unsigned char file23[] = {
#embed "../../Web/story.js"
};
static const unsigned char file24[] = {
#embed "../../Web/typing-surface.css"
};
static const unsigned char file25[] = {
#embed "../../Web/typing-surface.js"
};

static const struct highlightd_web_asset files[] = {
    {"animation.css", file0, sizeof file0},
    {"animation.js", file1, sizeof file1},
    {"code-attributes.js", file2, sizeof file2},
    {"code-inspector.js", file3, sizeof file3},
    {"code-samples.js", file4, sizeof file4},
    {"code-view.js", file5, sizeof file5},
    {"code.css", file6, sizeof file6},
    {"code.js", file7, sizeof file7},
    {"comment-content.js", file8, sizeof file8},
    {"comment-document.js", file9, sizeof file9},
    {"comment-editing.js", file10, sizeof file10},
    {"comment-input.js", file11, sizeof file11},
    {"comment-mentions.js", file12, sizeof file12},
    {"comment-view.js", file13, sizeof file13},
    {"comment.css", file14, sizeof file14},
    {"comment.js", file15, sizeof file15},
    {"flow.js", file16, sizeof file16},
    {"index.html", file17, sizeof file17},
    {"layout-view.js", file18, sizeof file18},
    {"playground.css", file19, sizeof file19},
    {"playground.js", file20, sizeof file20},
    {"rpc.js", file21, sizeof file21},
    {"story.css", file22, sizeof file22},
    {"story.js", file23, sizeof file23},
    {"typing-surface.css", file24, sizeof file24},
    {"typing-surface.js", file25, sizeof file25},
};

size_t highlightd_web_asset_count(void) { return sizeof files / sizeof files[0]; }

const struct highlightd_web_asset *highlightd_web_asset_at(size_t index) {
    return index < highlightd_web_asset_count() ? &files[index] : 0;
}
