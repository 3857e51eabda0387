/// Turns VS Code's "JSON with comments" into strict JSON: `//` and `/* */` comments and
/// trailing commas before `]` or `}` are removed; strings are left untouched.
public enum JSONCSanitizer {
    /// The strict JSON bytes for `source` (a UTF-8 byte order mark is dropped too).
    public static func sanitize(_ source: [UInt8]) -> [UInt8] {
        var input = source[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        // Where a comma was copied and only whitespace followed, so it can be dropped if a
        // closing bracket comes next.
        var pendingComma: Int?
        var index = input.startIndex
        let end = input.endIndex
        while index < end {
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "\""):
                pendingComma = nil
                let stop = endOfString(input, from: index)
                output.append(contentsOf: input[index..<stop])
                index = stop
                continue
            case UInt8(ascii: "/") where index + 1 < end && input[index + 1] == UInt8(ascii: "/"):
                while index < end, input[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < end && input[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < end,
                    !(input[index] == UInt8(ascii: "*") && index + 1 < end
                        && input[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(end, index + 2)
                // A comment separates tokens like a space does.
                output.append(UInt8(ascii: " "))
                continue
            case UInt8(ascii: ","):
                pendingComma = output.count
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma = pendingComma { output[comma] = UInt8(ascii: " ") }
                pendingComma = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                pendingComma = nil
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// The index just past the string literal starting at `start` (or the end of input).
    private static func endOfString(_ input: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < input.endIndex {
            switch input[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return input.endIndex
    }
}
