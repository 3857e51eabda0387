extension RegexSource {
    /// Replaces every `\N` with the escaped text of begin group N (or nothing), as
    /// vscode-textmate does at push time.
    ///
    /// Detection ignores escaping (`\\1` is substituted too) and reads all digits (`\012` is
    /// group 12), both quirks kept for parity.
    func resolvingBackReferences(in line: UnsafeBufferPointer<UInt8>, match: PatternMatch) -> String {
        var output: [UInt8] = []
        let bytes = Array(source.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
                var end = index + 1
                var group = 0
                while end < bytes.count, Self.isDigit(bytes[end]) {
                    group = min(group * 10 + Int(bytes[end] - UInt8(ascii: "0")), 1_000_000)
                    end += 1
                }
                if let range = match.range(group), range.upperBound <= line.count {
                    Self.appendEscaped(line[range], to: &output)
                }
                index = end
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // The 2026 escape set, mirroring TextMate 2.0: `\ | ( [ { } ] ) . ? * + ^ $` only. A captured
    // `-` or `#` goes in raw (suite1 "Issue #239" depends on it).
    private static let escaped: Set<UInt8> = Set("\\|([{}]).?*+^$".utf8)

    private static func appendEscaped(_ text: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        for byte in text {
            if escaped.contains(byte) { output.append(UInt8(ascii: "\\")) }
            output.append(byte)
        }
    }
}
