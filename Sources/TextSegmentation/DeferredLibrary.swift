import Glibc

/// A C library opened the first time one of its functions is needed, instead of when the
/// process starts.
///
/// ICU, libpsl, HarfBuzz and fontconfig, linked as usual, made the loader map them and the
/// thirteen libraries they need (GLib, FreeType, libpng, Graphite, ...) at every start
/// (`--version` took 6.9 ms with them, 4.8 without; a 1.3 KB file was highlighted in 15.5 ms
/// with them, 14.2 without), though only links, wrapping, bidirectional text and layout use
/// them. They are not linked at all now (their system-library targets give only headers), and
/// their functions are looked up here.
///
/// A function's type is its header's `hl_<name>` typedef (`__typeof__(&name)`), so the
/// signature Swift calls is the header's, not one written again by hand. A library or function
/// that cannot be found ends the process with a message naming it, as the loader would have at
/// start: the package depends on each library (`scripts/package-deb.sh`).
package final class DeferredLibrary: @unchecked Sendable {
    // `@unchecked Sendable`: set once; `dlsym` on a handle is safe from any thread.
    private let handle: UnsafeMutableRawPointer
    /// The file the library was opened from (its soname).
    package let fileName: String

    /// Opens `fileName` (a soname such as `libharfbuzz.so.0`), or ends the process.
    package init(_ fileName: String) {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            Self.fail("cannot load \(fileName): \(Self.lastError)")
        }
        self.handle = handle
        self.fileName = fileName
    }

    /// The library's function `name` as `type` (the header's `hl_<name>`), or ends the process.
    package func function<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let symbol = dlsym(handle, name) else {
            Self.fail("\(fileName) has no function \(name): \(Self.lastError)")
        }
        return unsafeBitCast(symbol, to: type)
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
