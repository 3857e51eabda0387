extension OnigParser {
    /// An isolated option group, `(?imx-imx)`, with the options it leaves in force.
    struct IsolatedOption {
        /// The change to emit.
        var change: OnigOptionChange
        /// The parser options for the rest of the enclosing group.
        var options: Options
    }

    /// Parses `(?imx-imx)` if it comes next; otherwise consumes nothing and returns nil.
    mutating func parseIsolatedOption() throws(PatternTranslationError) -> IsolatedOption? {
        guard peek() == UInt8(ascii: "("), peek(1) == UInt8(ascii: "?"), let letter = peek(2),
            Self.isOptionStart(letter)
        else { return nil }
        let start = position
        position += 2
        let (change, newOptions) = try parseOptionLetters(groupStart: start)
        guard consume(UInt8(ascii: ")")) else {
            position = start
            return nil
        }
        return IsolatedOption(change: change, options: newOptions)
    }

    /// Whether a byte after `(?` starts an option list.
    static func isOptionStart(_ byte: UInt8) -> Bool {
        "imxsWDSPy-".utf8.contains(byte)
    }

    /// Parses option letters up to (not including) `)` or `:`.
    mutating func parseOptionLetters(
        groupStart: Int
    ) throws(PatternTranslationError) -> (OnigOptionChange, Options) {
        var change = OnigOptionChange()
        var newOptions = options
        var on = true
        while let byte = peek(), byte != UInt8(ascii: ")"), byte != UInt8(ascii: ":") {
            let letterAt = position
            position += 1
            switch byte {
            case UInt8(ascii: "-"):
                on = false
            case UInt8(ascii: "i"):
                change.ignoreCase = on
                newOptions.ignoreCase = on
            case UInt8(ascii: "m"):
                // Oniguruma's `m` is PCRE2's `s`: dot matches newline.
                change.dotAll = on
            case UInt8(ascii: "x"):
                newOptions.extended = on
            case UInt8(ascii: "W"), UInt8(ascii: "D"), UInt8(ascii: "S"), UInt8(ascii: "P"):
                // ASCII-only \w, \d, \s, POSIX brackets: PCRE2 10.42 has no scoped equivalent.
                facts.approximations.append("option (?\(Character(Unicode.Scalar(byte)))) ignored")
            case UInt8(ascii: "y"):
                try skipTextSegmentOption(at: letterAt)
            case UInt8(ascii: "s"):
                throw error("(?s) is not an Oniguruma option; use (?m) for dot-all", at: letterAt)
            default:
                throw error("undefined group option", at: letterAt)
            }
        }
        if peek() == nil { throw error("end pattern in group", at: groupStart) }
        return (change, newOptions)
    }

    /// Skips `y{g}` or `y{w}`, which only change what `\X` and `\y` mean.
    mutating func skipTextSegmentOption(at start: Int) throws(PatternTranslationError) {
        guard consume(UInt8(ascii: "{")), let kind = next(),
            kind == UInt8(ascii: "g") || kind == UInt8(ascii: "w"), consume(UInt8(ascii: "}"))
        else { throw error("undefined group option", at: start) }
        facts.approximations.append("text segment option (?y{…}) ignored")
    }

    /// Parses a group after its `(`; nil for a comment `(?#…)`.
    mutating func parseGroup(openedAt start: Int) throws(PatternTranslationError) -> OnigNode? {
        guard depth < Self.maximumDepth else { throw error("groups nested too deeply", at: start) }
        depth += 1
        defer { depth -= 1 }
        if consume(UInt8(ascii: "*")) { return try parseVerb(openedAt: start) }
        guard consume(UInt8(ascii: "?")) else {
            groupCount += 1
            return .group(.capture(groupCount), try parseGroupBody(openedAt: start))
        }
        guard let byte = next() else { throw error("end pattern in group", at: start) }
        switch byte {
        case UInt8(ascii: "#"):
            try skipComment(openedAt: start)
            return nil
        case UInt8(ascii: ":"): return .group(.nonCapturing, try parseGroupBody(openedAt: start))
        case UInt8(ascii: "="): return .group(.lookahead, try parseLookaroundBody(openedAt: start))
        case UInt8(ascii: "!"): return .group(.negativeLookahead, try parseLookaroundBody(openedAt: start))
        case UInt8(ascii: ">"): return .group(.atomic, try parseGroupBody(openedAt: start))
        case UInt8(ascii: "~"): return try parseAbsent(openedAt: start)
        case UInt8(ascii: "("): return try parseConditional(openedAt: start)
        case UInt8(ascii: "<") where peek() == UInt8(ascii: "=") || peek() == UInt8(ascii: "!"):
            let negative = next() == UInt8(ascii: "!")
            let body = try parseLookaroundBody(openedAt: start)
            if negative && Self.containsCapture(body) {
                throw error("invalid pattern in look-behind: capture in negative look-behind", at: start)
            }
            do {
                let fixed = try LookbehindRewriter.fixedLengthBranches(body)
                return .group(negative ? .negativeLookbehind : .lookbehind, fixed)
            } catch .captures {
                throw error("unsupported: variable-length look-behind with captures", at: start)
            } catch .tooLong {
                throw error(
                    "invalid pattern in look-behind: longer than \(LookbehindRewriter.maximumLength)"
                        + " characters", at: start)
            } catch {
                throw self.error("unsupported: look-behind whose branches have no fixed length", at: start)
            }
        case UInt8(ascii: "<"), UInt8(ascii: "'"):
            let close = byte == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "'")
            let name = try parseGroupName(until: close, at: start)
            groupCount += 1
            let number = groupCount
            names[name, default: []].append(number)
            return .group(.capture(number), try parseGroupBody(openedAt: start))
        default:
            guard Self.isOptionStart(byte) else { throw error("undefined group option", at: start + 2) }
            position -= 1
            let (change, newOptions) = try parseOptionLetters(groupStart: start)
            // An isolated `(?i)` was handled by the sequence parser, so this is `(?i:…)`.
            guard consume(UInt8(ascii: ":")) else { throw error("end pattern in group", at: start) }
            let saved = options
            options = newOptions
            defer { options = saved }
            return .group(.options(change), try parseGroupBody(openedAt: start))
        }
    }

    /// Parses a group's alternation and its closing `)`, restoring scoped options after it.
    mutating func parseGroupBody(openedAt start: Int) throws(PatternTranslationError) -> OnigNode {
        let saved = options
        let body = try parseAlternation()
        options = saved
        guard consume(UInt8(ascii: ")")) else {
            throw error("end pattern with unmatched parenthesis", at: start)
        }
        return body
    }

    /// Parses a look-around's body, where PCRE2 refuses `\K`.
    mutating func parseLookaroundBody(openedAt start: Int) throws(PatternTranslationError) -> OnigNode {
        lookaroundDepth += 1
        defer { lookaroundDepth -= 1 }
        return try parseGroupBody(openedAt: start)
    }

    /// Skips `(?#…)` up to its `)`; a backslash escapes the next byte.
    mutating func skipComment(openedAt start: Int) throws(PatternTranslationError) {
        while let byte = next() {
            if byte == UInt8(ascii: ")") { return }
            if byte == UInt8(ascii: "\\") { _ = next() }
        }
        throw error("end pattern in group", at: start)
    }

    /// Parses a group name up to `close`: word characters, not starting with a digit.
    mutating func parseGroupName(until close: UInt8, at start: Int) throws(PatternTranslationError) -> String
    {
        let nameStart = position
        while let byte = peek(), byte != close { position += 1 }
        guard position < bytes.count else { throw error("invalid group name", at: start) }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        position += 1
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
            name.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_"
            })
        else { throw error("invalid group name <\(name)>", at: nameStart) }
        return name
    }

    /// Parses `(?~X)` after `~`; the other absent forms have no PCRE2 equivalent.
    mutating func parseAbsent(openedAt start: Int) throws(PatternTranslationError) -> OnigNode {
        if peek() == UInt8(ascii: "|") {
            throw error("unsupported: absent-range forms (?~|…) have no PCRE2 translation", at: start)
        }
        // The body becomes a negative look-ahead.
        return .absent(try parseLookaroundBody(openedAt: start))
    }

    /// Parses `(*FAIL)`; other callouts and PCRE2's pattern-start verbs are rejected.
    mutating func parseVerb(openedAt start: Int) throws(PatternTranslationError) -> OnigNode {
        let nameStart = position
        while let byte = peek(), byte != UInt8(ascii: ")") { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard consume(UInt8(ascii: ")")) else { throw error("end pattern in group", at: start) }
        guard name == "FAIL" else {
            // (*UTF), (*LIMIT_MATCH=…), (*NO_JIT)… are PCRE2 settings, not Oniguruma; accepting
            // them would let a grammar change engine settings.
            throw error("undefined callout name (*\(name))", at: start)
        }
        return .fail
    }

    /// Whether a subtree holds a capture group.
    static func containsCapture(_ node: OnigNode) -> Bool {
        switch node {
        case .group(.capture, _): return true
        case .group(_, let body), .quantified(let body, _), .absent(let body): return containsCapture(body)
        case .sequence(let items), .alternation(let items): return items.contains(where: containsCapture)
        case .conditional(_, let yes, let no): return containsCapture(yes) || no.map(containsCapture) == true
        default: return false
        }
    }
}
