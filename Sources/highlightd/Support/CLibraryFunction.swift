import Foundation

/// glibc functions that Swift's Glibc module does not export (GNU extensions, `malloc.h`),
/// looked up at run time: nil where the C library has none.
enum CLibraryFunction {
    /// The function `name` as `type` (a `@convention(c)` function type).
    static func named<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A null handle is RTLD_DEFAULT: search every loaded object.
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }
}
