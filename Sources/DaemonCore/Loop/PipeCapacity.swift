import Foundation

/// Enlarges the pipes to and from the client (Linux's default is 64 KiB).
///
/// Editors write a large file's text in one `didOpen`; when the pipe is full, Emacs and Vim
/// sleep (Emacs for 20 ms) before writing more, however fast this side reads, so the pipe's
/// size rather than the daemon bounds how fast a 5 MB file arrives. A 1 MiB pipe, the most an
/// unprivileged process may ask for by default (`/proc/sys/fs/pipe-max-size`), lets a file
/// through in a few writes. On anything that is not a pipe, or where the call does not exist,
/// this does nothing.
enum PipeCapacity {
    /// `F_SETPIPE_SZ` of Linux's `<fcntl.h>`, which Swift's Glibc module does not export.
    private static let setPipeSize: Int32 = 1031

    static let preferredBytes: Int32 = 1 << 20

    static func enlarge(_ descriptor: Int32, to bytes: Int32 = preferredBytes) {
        #if os(Linux)
            _ = fcntl(descriptor, setPipeSize, bytes)
        #endif
    }
}
