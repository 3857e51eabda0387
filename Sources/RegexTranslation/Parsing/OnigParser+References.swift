extension OnigParser {
    /// What `\k<…>`, `\g<…>` or `(?(…)` names: a number, a relative number or a name.
    enum Reference {
        /// An absolute group number.
        case number(Int)
        /// A group counted back (negative) or forward (positive) from the current position.
        case relative(Int)
        /// A group name.
        case name(String)
    }

    /// Reads the text between `<…>` or `'…'` after `\k`, `\g` or `(?(`.
    mutating func parseReferenceText(at start: Int) throws(PatternTranslationError) -> Reference {
        guard let open = next() else { throw error("invalid group name", at: start) }
        let close = open == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "'")
        let textStart = position
        while let byte = peek(), byte != close { position += 1 }
        guard position < bytes.count else { throw error("invalid group name", at: start) }
        let text = String(decoding: bytes[textStart..<position], as: UTF8.self)
        position += 1
        return try reference(from: text, at: start)
    }

    /// The largest group number a reference may name, absolute or relative: PCRE2 allows no
    /// more groups than this, and the bound keeps `groupCount + relative` from overflowing.
    static let maximumGroupNumber = 65_535

    /// Classifies reference text; level suffixes (`name+1`) have no PCRE2 form.
    func reference(from text: String, at start: Int) throws(PatternTranslationError) -> Reference {
        if let number = Int(text), !text.hasPrefix("+"), !text.hasPrefix("-") {
            guard number <= Self.maximumGroupNumber else { throw error("too big backref number", at: start) }
            return .number(number)
        }
        if let first = text.first, first == "-" || first == "+", let number = Int(text.dropFirst()),
            number > 0
        {
            guard number <= Self.maximumGroupNumber else { throw error("too big backref number", at: start) }
            return .relative(first == "-" ? -number : number)
        }
        if text.contains("+") || text.contains("-") {
            throw error("unsupported: back-references with a nest level have no PCRE2 translation", at: start)
        }
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else {
            throw error("invalid group name <\(text)>", at: start)
        }
        return .name(text)
    }

    /// The absolute group number of a relative reference, or an error when out of range.
    func absolute(_ relative: Int, at start: Int) throws(PatternTranslationError) -> Int {
        let number = relative < 0 ? groupCount + 1 + relative : groupCount + relative
        guard number > 0 else { throw error("invalid backref number/name", at: start) }
        return number
    }

    /// Parses `\k<…>` or `\k'…'` after `k`.
    mutating func parseNamedBackReference(at start: Int) throws(PatternTranslationError) -> OnigNode {
        switch try parseReferenceText(at: start) {
        case .number(let number):
            guard number > 0 else { throw error("invalid backref number/name", at: start) }
            return backReference([number])
        case .relative(let relative):
            guard relative < 0 else { throw error("invalid backref number/name", at: start) }
            return backReference([try absolute(relative, at: start)])
        case .name(let name):
            guard let numbers = names[name] else {
                throw error("undefined name <\(name)> reference", at: start)
            }
            return backReference(numbers)
        }
    }

    /// Parses `\g<…>` or `\g'…'` after `g`; names may refer forward and resolve later.
    mutating func parseCall(at start: Int) throws(PatternTranslationError) -> OnigNode {
        facts.usesSubroutineCalls = true
        switch try parseReferenceText(at: start) {
        case .number(let number): return .call(.number(number, offset: start))
        case .relative(let relative): return .call(.number(try absolute(relative, at: start), offset: start))
        case .name(let name): return .call(.name(name, offset: start))
        }
    }

    /// Parses `(?(cond)yes|no)` after `(?(`; Oniguruma conditions name a group.
    mutating func parseConditional(openedAt start: Int) throws(PatternTranslationError) -> OnigNode {
        let textStart = position
        while let byte = peek(), byte != UInt8(ascii: ")") { position += 1 }
        guard position < bytes.count else { throw error("end pattern in group", at: start) }
        var text = String(decoding: bytes[textStart..<position], as: UTF8.self)
        position += 1
        if let first = text.first, let last = text.last, text.count >= 2,
            (first == "<" && last == ">") || (first == "'" && last == "'")
        {
            text = String(text.dropFirst().dropLast())
        } else if Int(text) == nil {
            throw error("unsupported: conditions other than a group reference", at: start)
        }
        let number: Int
        switch try reference(from: text, at: start) {
        case .number(let value): number = value
        case .relative(let relative): number = try absolute(relative, at: start)
        case .name(let name):
            guard let numbers = names[name] else {
                throw error("undefined name <\(name)> reference", at: start)
            }
            guard numbers.count == 1, let only = numbers.first else {
                throw error("unsupported: condition on a duplicated group name", at: start)
            }
            number = only
        }
        guard number > 0 else { throw error("invalid backref number/name", at: start) }
        conditionReferences.append((number, start))
        let body = try parseGroupBody(openedAt: start)
        guard case .alternation(let branches) = body else {
            return .conditional(.groupSet(number), yes: body, no: nil)
        }
        guard branches.count == 2 else { throw error("invalid conditional pattern", at: start) }
        return .conditional(.groupSet(number), yes: branches[0], no: branches[1])
    }

    /// Parses `\p{…}` or `\P{…}` at the brace; `^` after the brace complements.
    mutating func parseProperty(negated: Bool, at start: Int) throws(PatternTranslationError) -> ClassFragment
    {
        position += 1
        let complement = consume(UInt8(ascii: "^"))
        let nameStart = position
        while let byte = peek(), byte != UInt8(ascii: "}") { position += 1 }
        guard position < bytes.count else { throw error("invalid character property name", at: start) }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        position += 1
        guard let fragment = OnigProperty.fragment(named: name) else {
            throw error("invalid character property name {\(name)}", at: start)
        }
        return negated != complement ? fragment.inverted : fragment
    }
}
