import CFontconfig
import Dispatch

/// Finds font files through fontconfig: by name, and for characters a font lacks.
///
/// As every Linux application does, a name that matches no installed family gets
/// fontconfig's closest substitute rather than an error; only a system with no fonts at all
/// fails.
public enum FontLocator {
    /// fontconfig's configuration, loaded once (it scans every font directory) and used
    /// on one queue.
    private static let shared = Configuration()

    private final class Configuration: @unchecked Sendable {
        let queue = DispatchQueue(label: "highlightd.fontconfig")
        let config = Fontconfig.initLoadConfigAndFonts()
    }

    /// The file of the installed font that best matches `name`: a family such as
    /// "DejaVu Serif", or any fontconfig pattern ("DejaVu Sans:bold").
    public static func path(forName name: String) throws(LayoutError) -> String {
        guard let path = bestMatch(name: name, covering: nil) else { throw .unknownFont(name: name) }
        return path
    }

    /// The file of an installed font that has a glyph for `scalar`, or nil if none has.
    public static func path(covering scalar: Unicode.Scalar) -> String? {
        bestMatch(name: "", covering: scalar)
    }

    private static func bestMatch(name: String, covering scalar: Unicode.Scalar?) -> String? {
        shared.queue.sync { match(name: name, covering: scalar) }
    }

    private static func match(name: String, covering scalar: Unicode.Scalar?) -> String? {
        guard let config = shared.config,
            let pattern = name.withCString({
                Fontconfig.nameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
            })
        else { return nil }
        defer { Fontconfig.patternDestroy(pattern) }
        if let scalar {
            let characters = Fontconfig.charSetCreate()
            defer { Fontconfig.charSetDestroy(characters) }
            _ = Fontconfig.charSetAddChar(characters, scalar.value)
            _ = Fontconfig.patternAddCharSet(pattern, "charset", characters)
        }
        _ = Fontconfig.configSubstitute(config, pattern, FcMatchPattern)
        Fontconfig.defaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = Fontconfig.fontMatch(config, pattern, &result) else { return nil }
        defer { Fontconfig.patternDestroy(match) }
        if let scalar {
            // The best match may still lack the character: then no font has it.
            var found: OpaquePointer?
            guard Fontconfig.patternGetCharSet(match, "charset", 0, &found) == FcResultMatch,
                Fontconfig.charSetHasChar(found, scalar.value) != 0
            else { return nil }
        }
        var file: UnsafeMutablePointer<FcChar8>?
        guard Fontconfig.patternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
            return nil
        }
        return String(cString: file)
    }
}
