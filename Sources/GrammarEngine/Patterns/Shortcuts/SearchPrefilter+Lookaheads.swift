import CPCRE2

extension SearchPrefilter {
    /// The bodies of the positive lookaheads that every match of `source` passes through.
    ///
    /// PCRE2 leaves lookarounds out of its required-code-unit analysis, yet grammars put most
    /// of a pattern's condition in a trailing lookahead (`name(?=\s*\()`). A lookahead at the
    /// top level of a pattern without top-level alternation is on every match path, so what
    /// its body requires, the subject must contain at or after the search start. Returns nil
    /// for sources this conservative reader does not follow (inline flags, comments, `\Q`,
    /// verbs, conditionals).
    static func topLevelLookaheads(_ source: [UInt8]) -> [ArraySlice<UInt8>]? {
        var bodies: [ArraySlice<UInt8>] = []
        // Per open group: where a top-level lookahead's body starts, else -1.
        var open: [Int] = []
        var index = 0
        let count = source.count
        func byte(_ offset: Int) -> UInt8 { offset < count ? source[offset] : 0 }
        while index < count {
            switch source[index] {
            case UInt8(ascii: "\\"):
                if byte(index + 1) == UInt8(ascii: "Q") { return nil }
                index += 2
                continue
            case UInt8(ascii: "["):
                index = classEnd(source, from: index)
                continue
            case UInt8(ascii: "("):
                var bodyStart = -1
                if byte(index + 1) == UInt8(ascii: "*") { return nil }
                if byte(index + 1) == UInt8(ascii: "?") {
                    let kind = byte(index + 2)
                    switch kind {
                    case UInt8(ascii: "="):
                        if open.isEmpty { bodyStart = index + 3 }
                    case UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"):
                        break
                    case UInt8(ascii: "<"):
                        // Lookbehind or a named group.
                        break
                    default:
                        return nil
                    }
                }
                open.append(bodyStart)
            case UInt8(ascii: ")"):
                guard let bodyStart = open.popLast() else { return nil }
                let next = byte(index + 1)
                let quantified =
                    next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{")
                    || next == UInt8(ascii: "+")
                if bodyStart >= 0 && !quantified {
                    bodies.append(source[bodyStart..<index])
                }
            case UInt8(ascii: "|"):
                if open.isEmpty { return nil }
            default:
                break
            }
            index += 1
        }
        return open.isEmpty ? bodies : nil
    }

    // The offset after the character class that opens at `start`.
    private static func classEnd(_ source: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < source.count, source[index] == UInt8(ascii: "^") { index += 1 }
        // A leading `]` is literal.
        if index < source.count, source[index] == UInt8(ascii: "]") { index += 1 }
        while index < source.count, source[index] != UInt8(ascii: "]") {
            if source[index] == UInt8(ascii: "\\") {
                index += 2
            } else if source[index] == UInt8(ascii: "["), index + 1 < source.count,
                source[index + 1] == UInt8(ascii: ":")
            {
                // A POSIX class such as [:alpha:].
                var cursor = index + 2
                while cursor + 1 < source.count,
                    !(source[cursor] == UInt8(ascii: ":") && source[cursor + 1] == UInt8(ascii: "]"))
                {
                    cursor += 1
                }
                index = cursor + 2
            } else {
                index += 1
            }
        }
        return index + 1
    }

    /// The code units a lookahead body requires (its first and its last, when PCRE2 knows
    /// them), each as the bytes to look for; empty when the body does not compile alone.
    static func requiredUnits(ofLookahead body: ArraySlice<UInt8>) -> [(Int, Int)] {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let options: UInt32 =
            UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_MULTILINE) | UInt32(PCRE2_NO_UTF_CHECK)
            | UInt32(PCRE2_NEVER_BACKSLASH_C)
        let compiled = body.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { return [] }
        defer { pcre2_code_free_8(compiled) }
        var units: [(Int, Int)] = []
        for (typeInfo, unitInfo) in [
            (PCRE2_INFO_FIRSTCODETYPE, PCRE2_INFO_FIRSTCODEUNIT),
            (PCRE2_INFO_LASTCODETYPE, PCRE2_INFO_LASTCODEUNIT),
        ] {
            var type: UInt32 = 0
            _ = pcre2_pattern_info_8(compiled, UInt32(typeInfo), &type)
            guard type == 1 else { continue }
            var unit: UInt32 = 0
            _ = pcre2_pattern_info_8(compiled, UInt32(unitInfo), &unit)
            if let variants = caseVariants(unit), let head = variants.first {
                units.append((Int(head), Int(variants.last ?? head)))
            }
        }
        return units
    }
}
