import CPSL

/// libpsl's functions, from the library opened when links are first detected
/// (`CLibrary`).
enum PSL {
    private static let library = CLibrary(opening: "libpsl.so.5")

    static let builtin = library.function("psl_builtin", as: hl_psl_builtin.self)
    static let free = library.function("psl_free", as: hl_psl_free.self)
    static let isPublicSuffix2 = library.function("psl_is_public_suffix2", as: hl_psl_is_public_suffix2.self)
    static let latest = library.function("psl_latest", as: hl_psl_latest.self)
    static let loadFile = library.function("psl_load_file", as: hl_psl_load_file.self)
}
