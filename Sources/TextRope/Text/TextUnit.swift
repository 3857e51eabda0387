/// A unit text offsets and lengths are counted in.
///
/// LSP calls them position encodings: `utf-8` (bytes), `utf-16` (code units, the default of
/// LSP and of NSString) and `utf-32` (Unicode scalars, the unit of the editing traces).
public enum TextUnit: String, CaseIterable, Hashable, Sendable {
    /// UTF-8 bytes.
    case utf8 = "utf-8"
    /// UTF-16 code units.
    case utf16 = "utf-16"
    /// Unicode scalars (UTF-32 code units).
    case utf32 = "utf-32"
}
