#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file a client named with a size limit: grammars, themes, manifests and fonts.
///
/// Clients name these files, so any path may arrive: `/dev/zero` or a file that keeps growing
/// would be read forever, a FIFO would block on open, `/proc/self/fd/1` is the daemon's own
/// output. Only regular files are read, through a non-blocking open, and never more than
/// `limit` bytes whatever the file's size says.
///
/// Its own module, without Foundation: Foundation's ICU clashes with the system ICU that text
/// layout imports, and fonts must be read through here too.
public enum BoundedFile {
    /// The bytes of the file at `path`, at most `limit` of them.
    public static func contents(atPath path: String, limit: Int) throws(ResourceFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
        guard status.st_size <= limit else { throw .tooLarge(path: path, limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { return bytes }
            // The size was checked, but the file may have grown since.
            guard bytes.count + count <= limit else { throw .tooLarge(path: path, limit: limit) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    private static func unreadable(_ path: String) -> ResourceFileError {
        let code = errno
        return .unreadable(
            path: path, reason: code == ENOENT ? "no such file" : String(cString: strerror(code)))
    }
}
