import CHarfBuzz
import TextSegmentation

/// HarfBuzz's functions, from the library opened when layout first needs it
/// (`CLibrary`).
enum HarfBuzz {
    private static let library = CLibrary(opening: "libharfbuzz.so.0")

    static let blobCreateOrFail = library.function(
        "hb_blob_create_or_fail", as: hl_hb_blob_create_or_fail.self)
    static let blobDestroy = library.function("hb_blob_destroy", as: hl_hb_blob_destroy.self)
    static let bufferAddUtf16 = library.function("hb_buffer_add_utf16", as: hl_hb_buffer_add_utf16.self)
    static let bufferCreate = library.function("hb_buffer_create", as: hl_hb_buffer_create.self)
    static let bufferDestroy = library.function("hb_buffer_destroy", as: hl_hb_buffer_destroy.self)
    static let bufferGetGlyphInfos = library.function(
        "hb_buffer_get_glyph_infos", as: hl_hb_buffer_get_glyph_infos.self)
    static let bufferGetGlyphPositions = library.function(
        "hb_buffer_get_glyph_positions", as: hl_hb_buffer_get_glyph_positions.self)
    static let bufferGuessSegmentProperties = library.function(
        "hb_buffer_guess_segment_properties", as: hl_hb_buffer_guess_segment_properties.self)
    static let bufferSetDirection = library.function(
        "hb_buffer_set_direction", as: hl_hb_buffer_set_direction.self)
    static let faceCreate = library.function("hb_face_create", as: hl_hb_face_create.self)
    static let faceDestroy = library.function("hb_face_destroy", as: hl_hb_face_destroy.self)
    static let faceGetGlyphCount = library.function(
        "hb_face_get_glyph_count", as: hl_hb_face_get_glyph_count.self)
    static let faceGetUpem = library.function("hb_face_get_upem", as: hl_hb_face_get_upem.self)
    static let fontCreate = library.function("hb_font_create", as: hl_hb_font_create.self)
    static let fontDestroy = library.function("hb_font_destroy", as: hl_hb_font_destroy.self)
    static let fontGetHExtents = library.function("hb_font_get_h_extents", as: hl_hb_font_get_h_extents.self)
    static let fontGetNominalGlyph = library.function(
        "hb_font_get_nominal_glyph", as: hl_hb_font_get_nominal_glyph.self)
    static let fontMakeImmutable = library.function(
        "hb_font_make_immutable", as: hl_hb_font_make_immutable.self)
    static let fontSetScale = library.function("hb_font_set_scale", as: hl_hb_font_set_scale.self)
    static let otFontSetFuncs = library.function("hb_ot_font_set_funcs", as: hl_hb_ot_font_set_funcs.self)
    static let shape = library.function("hb_shape", as: hl_hb_shape.self)
}
