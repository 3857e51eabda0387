#ifndef HIGHLIGHTD_CHARFBUZZ_SHIM_H
#define HIGHLIGHTD_CHARFBUZZ_SHIM_H
// HarfBuzz: shaping (kerning, ligatures, complex scripts) and font metrics, from
// libharfbuzz-dev. Its own OpenType font functions read the font file, as hb-shape does.
#include <hb.h>
#include <hb-ot.h>
#endif
