#ifndef HIGHLIGHTD_CHARFBUZZ_SHIM_H
#define HIGHLIGHTD_CHARFBUZZ_SHIM_H
// HarfBuzz: shaping (kerning, ligatures, complex scripts) and font metrics, from
// libharfbuzz-dev. Its own OpenType font functions read the font file, as hb-shape does.
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>

// The library is opened when layout first needs it (`HarfBuzz` in TextLayout, through
// `CLibrary`); `hl_<name>` is the type of a pointer to `<name>`.
typedef __typeof__(&hb_blob_create_or_fail) hl_hb_blob_create_or_fail;
typedef __typeof__(&hb_blob_destroy) hl_hb_blob_destroy;
typedef __typeof__(&hb_buffer_add_utf16) hl_hb_buffer_add_utf16;
typedef __typeof__(&hb_buffer_create) hl_hb_buffer_create;
typedef __typeof__(&hb_buffer_destroy) hl_hb_buffer_destroy;
typedef __typeof__(&hb_buffer_get_glyph_infos) hl_hb_buffer_get_glyph_infos;
typedef __typeof__(&hb_buffer_get_glyph_positions) hl_hb_buffer_get_glyph_positions;
typedef __typeof__(&hb_buffer_guess_segment_properties) hl_hb_buffer_guess_segment_properties;
typedef __typeof__(&hb_buffer_set_direction) hl_hb_buffer_set_direction;
typedef __typeof__(&hb_face_create) hl_hb_face_create;
typedef __typeof__(&hb_face_destroy) hl_hb_face_destroy;
typedef __typeof__(&hb_face_get_glyph_count) hl_hb_face_get_glyph_count;
typedef __typeof__(&hb_face_get_upem) hl_hb_face_get_upem;
typedef __typeof__(&hb_font_create) hl_hb_font_create;
typedef __typeof__(&hb_font_destroy) hl_hb_font_destroy;
typedef __typeof__(&hb_font_get_h_extents) hl_hb_font_get_h_extents;
typedef __typeof__(&hb_font_get_nominal_glyph) hl_hb_font_get_nominal_glyph;
typedef __typeof__(&hb_font_make_immutable) hl_hb_font_make_immutable;
typedef __typeof__(&hb_font_set_scale) hl_hb_font_set_scale;
typedef __typeof__(&hb_ot_font_set_funcs) hl_hb_ot_font_set_funcs;
typedef __typeof__(&hb_shape) hl_hb_shape;
#endif
