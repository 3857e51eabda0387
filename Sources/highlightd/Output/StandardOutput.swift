#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes bytes to standard output with `write(2)` directly: no copy into `Data`, no
/// buffering layer, and partial writes and interruptions handled.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return  // A closed pipe (`| head`): nothing more to do.
                }
            }
        }
    }
}
