import Glibc

/// C functions looked up at run time: those of a library opened the first time one of its
/// functions is needed (`init(opening:)`), and the C library's own that Swift's Glibc module
/// does not export, such as GNU extensions and `malloc.h` (`process`).
///
/// ICU, libpsl, HarfBuzz and fontconfig, linked as usual, made the loader map them and the
/// thirteen libraries they need (GLib, FreeType, libpng, Graphite, ...) at every start
/// (`--version` took 6.9 ms with them, 4.8 without; a 1.3 KB file was highlighted in 15.5 ms
/// with them, 14.2 without), though only links, wrapping, bidirectional text and layout use
/// them. They are not linked at all now (their system-library targets give only headers), and
/// their functions are looked up here.
///
/// A function's type is its header's `hl_<name>` typedef (`__typeof__(&name)`) where there is
/// one, so the signature Swift calls is the header's, not one written again by hand. A library
/// that cannot be opened, or a function it lacks, ends the process with a message naming it
/// (`function(_:as:)`), as the loader would have at start: the package depends on each library
/// (`scripts/package-deb.sh`). `lookup(_:as:)` answers nil instead, for functions that only
/// some C libraries have.
package final class CLibrary: @unchecked Sendable {
    // `@unchecked Sendable`: set once; `dlsym` on a handle is safe from any thread.
    /// nil: `RTLD_DEFAULT`, every object the process has loaded.
    private let handle: UnsafeMutableRawPointer?
    /// The file the library was opened from (its soname), or "the process".
    package let fileName: String

    /// The objects the process has loaded already (the C library among them).
    package static let process = CLibrary(handle: nil, fileName: "the process")

    private init(handle: UnsafeMutableRawPointer?, fileName: String) {
        self.handle = handle
        self.fileName = fileName
    }

    /// Opens `fileName` (a soname such as `libharfbuzz.so.0`), or ends the process.
    package convenience init(opening fileName: String) {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            Self.fail("cannot load \(fileName): \(Self.lastError)")
        }
        self.init(handle: handle, fileName: fileName)
    }

    /// The function `name` as `type` (the header's `hl_<name>`), or ends the process.
    package func function<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let function = lookup(name, as: type) else {
            Self.fail("\(fileName) has no function \(name): \(Self.lastError)")
        }
        return function
    }

    /// The function `name` as `type` (a `@convention(c)` function type), or nil where there is
    /// none.
    package func lookup<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }

    private static var lastError: String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }

    private static func fail(_ message: String) -> Never {
        // Not Foundation: in a module that imports ICU's headers, its own copy of them clashes.
        let line = "highlightd: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        exit(127)
    }
}
