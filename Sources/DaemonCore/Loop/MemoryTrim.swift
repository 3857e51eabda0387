import Foundation
import TextSegmentation

/// Asks the C library to return freed memory to the system (glibc's `malloc_trim`).
///
/// Looked up at run time (`CLibrary.process`) rather than imported from `<malloc.h>`: a Clang module for that
/// header in this module made ICU's headers (ours, through TextSegmentation) and Foundation's
/// own ICU copy clash in clean builds. Where the C library has no `malloc_trim` this does
/// nothing.
enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim = CLibrary.process.lookup("malloc_trim", as: Trim.self)

    /// Returns free pages at the top of the heap and in every arena to the system.
    static func returnFreedMemory() {
        _ = trim?(0)
    }
}
