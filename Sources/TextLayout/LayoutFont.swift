import BoundedFiles
import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A font file opened for shaping, with its metrics in font units.
///
/// HarfBuzz's own OpenType functions read glyphs and advances from the file (as `hb-shape`
/// does by default), at a scale of one unit per font unit: shaping results are exact integers
/// that tests compare with `hb-shape`'s, and sizes scale them to pixels afterwards.
/// HarfBuzz fonts are immutable once made and safe to shape with from several threads.
///
/// The file is read once into memory the font owns, through the bounded reader clients' files
/// go through (regular files only, a non-blocking open, ``maximumFileSize``): a client may name
/// any path, and HarfBuzz's own loader would block on a FIFO, read `/dev/zero` without end,
/// and map the file, so that a font changed on disk under a layout subscription crashed the
/// process (its tables are validated once, then read from the mapping).
public final class LayoutFont: @unchecked Sendable {
    /// The largest font file read: the largest CJK collections are about 30 MiB.
    public static let maximumFileSize = 64 << 20

    /// The file the font came from.
    public let path: String
    /// Font units per em: a size of `s` pixels scales font units by `s / unitsPerEm`.
    public let unitsPerEm: Int32
    /// Distance from the baseline up to the top of the line, in font units.
    public let ascender: Int32
    /// Distance from the baseline down to the bottom of the line (positive), in font units.
    public let descender: Int32
    /// Extra space between lines the font asks for, in font units.
    public let lineGap: Int32

    let font: OpaquePointer

    /// Opens the font at `path` (the first face of a collection).
    public init(path: String) throws(LayoutError) {
        let blob = try Self.blob(readingFile: path)
        defer { HarfBuzz.blobDestroy(blob) }
        let face = HarfBuzz.faceCreate(blob, 0)
        defer { HarfBuzz.faceDestroy(face) }
        guard HarfBuzz.faceGetGlyphCount(face) > 0 else { throw .unreadableFont(path: path) }
        let units = Int32(HarfBuzz.faceGetUpem(face))
        guard let font = HarfBuzz.fontCreate(face) else { throw .unreadableFont(path: path) }
        HarfBuzz.otFontSetFuncs(font)
        HarfBuzz.fontSetScale(font, units, units)
        HarfBuzz.fontMakeImmutable(font)
        var extents = hb_font_extents_t()
        _ = HarfBuzz.fontGetHExtents(font, &extents)
        self.path = path
        self.font = font
        unitsPerEm = units
        ascender = extents.ascender
        descender = -extents.descender
        lineGap = extents.line_gap
    }

    deinit {
        HarfBuzz.fontDestroy(font)
    }

    private static func reason(_ error: ResourceFileError) -> String {
        switch error {
        case .unreadable(_, let reason): reason
        case .notRegularFile: "not a regular file"
        case .tooLarge(_, let limit): "larger than \(limit >> 20) MiB"
        }
    }

    /// A HarfBuzz blob over a copy of the file's bytes, freed when HarfBuzz drops the blob.
    private static func blob(readingFile path: String) throws(LayoutError) -> OpaquePointer {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.contents(atPath: path, limit: maximumFileSize)
        } catch {
            throw .unreadableFontFile(path: path, reason: reason(error))
        }
        guard !bytes.isEmpty, let memory = malloc(bytes.count) else { throw .unreadableFont(path: path) }
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let blob = HarfBuzz.blobCreateOrFail(
            memory.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY,
            memory, { free($0) })
        guard let blob else {
            free(memory)
            throw .unreadableFont(path: path)
        }
        return blob
    }

    /// Whether the font has a glyph for `scalar` (fallback fonts cover the rest).
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return HarfBuzz.fontGetNominalGlyph(font, scalar.value, &glyph) != 0
    }
}
