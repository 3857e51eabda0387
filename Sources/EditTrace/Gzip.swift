import CZStream
import Foundation

/// Decompresses gzip data (the editing traces ship as `.json.gz`).
enum Gzip {
    /// The largest output accepted: a small file that inflates to more is a gzip bomb, not a
    /// trace (the largest real trace inflates to a few tens of megabytes).
    static let maximumOutputBytes = 1 << 30

    /// Inflates a whole gzip stream; throws `EditTraceError.corruptGzip` on malformed input,
    /// on input too large for zlib's 32-bit counters, and on output over `maximumOutputBytes`.
    static func decompress(_ data: Data) throws(EditTraceError) -> Data {
        guard data.count <= Int(UInt32.max) else { throw .corruptGzip("over 4 GiB of compressed data") }
        var stream = z_stream()
        // 15 + 32: a 32 KiB window, accepting either a gzip or a zlib header.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw .corruptGzip("inflateInit2 failed") }
        defer { inflateEnd(&stream) }

        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        var input = [UInt8](data)
        let inputCount = input.count
        status = input.withUnsafeMutableBufferPointer { inputBuffer -> Int32 in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputCount)
            var result: Int32 = Z_OK
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
                if output.count > maximumOutputBytes { return Z_MEM_ERROR }
            } while result == Z_OK
            return result
        }
        guard output.count <= maximumOutputBytes else {
            throw .corruptGzip("inflates to more than \(maximumOutputBytes) bytes")
        }
        guard status == Z_STREAM_END else {
            throw .corruptGzip("inflate returned \(status)")
        }
        return output
    }
}
