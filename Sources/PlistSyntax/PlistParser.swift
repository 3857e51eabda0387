import JSONSyntax

/// A reader of XML property lists (Apple's `plist` 1.0 format, as TextMate grammars and
/// `.tmTheme` files are written) over UTF-8 bytes, building values through the same
/// `JSONBuilding` types as `JSONParser`.
///
/// Our own rather than Foundation's: `XMLParser` trapped on input the grammar fuzzer made
/// (invalid UTF-8 in a name, a processing instruction without data), and
/// `PropertyListSerialization` loses dictionary order. This reads the subset property lists
/// use: an optional XML declaration, comments, processing instructions and a `DOCTYPE`; one
/// root value, inside `<plist>` or bare; `dict` (a repeated key keeps its first place and
/// takes the last value), `array`, `string`, `integer`, `real`, `true`, `false`, and `date`
/// and `data` as their text; the five predefined entities, character references and CDATA
/// sections in text. Containers nest at most `maximumDepth` deep, so that building and
/// freeing the values cannot recurse past the stack.
public struct PlistParser<Builder: JSONBuilding> {
    @usableFromInline let bytes: [UInt8]
    @usableFromInline var index = 0
    @usableFromInline var depth = 0

    /// The deepest nesting of `dict` and `array` accepted.
    public static var maximumDepth: Int { 512 }

    /// Parses one whole property list, rejecting anything but markup after its root.
    @inlinable public static func parse(_ bytes: [UInt8]) throws(PlistSyntaxError) -> Builder.Value {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw PlistSyntaxError(message: "the file is not valid UTF-8", offset: 0)
        }
        var parser = PlistParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        return try parser.parseDocument()
    }

    @inlinable init(bytes: [UInt8]) { self.bytes = bytes }

    @inlinable mutating func parseDocument() throws(PlistSyntaxError) -> Builder.Value {
        try skipMarkup()
        guard var tag = try readTag() else { throw error("no root value") }
        let value: Builder.Value
        if tag.name == "plist" {
            guard !tag.isEmpty else { throw error("an empty <plist/>") }
            try skipMarkup()
            guard let inner = try readTag(), !inner.isClosing else { throw error("<plist> holds no value") }
            value = try parseValue(inner)
            try skipMarkup()
            tag = try expectTag()
            guard tag.isClosing, tag.name == "plist" else { throw error("<plist> holds more than one value") }
        } else {
            value = try parseValue(tag)
        }
        try skipMarkup()
        guard index == bytes.count else { throw error("unexpected data after the root value") }
        return value
    }

    // MARK: Values

    /// The value `tag` opens (its start tag is read).
    @inlinable mutating func parseValue(_ tag: Tag) throws(PlistSyntaxError) -> Builder.Value {
        guard !tag.isClosing else { throw error("</\(tag.name)> closes nothing") }
        switch tag.name {
        case "dict": return try parseDictionary(tag)
        case "array": return try parseArray(tag)
        case "string", "date", "data": return Builder.string(try text(of: tag))
        case "integer", "real":
            let text = Self.trimmed(try text(of: tag))
            // Only the characters numbers are written with: `Double("0\0junk")` reads 0, since
            // it stops at the NUL (found by FuzzPlist).
            let plausible = text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                    UInt8(ascii: "."):
                    true
                default: false
                }
            }
            guard !text.isEmpty, plausible,
                let number = Builder.number(text, isInteger: tag.name == "integer")
            else {
                throw error("<\(tag.name)> holds \"\(text)\", not a number")
            }
            return number
        case "true", "false":
            guard Self.trimmed(try text(of: tag)).isEmpty else { throw error("<\(tag.name)> holds text") }
            return Builder.bool(tag.name == "true")
        case "key": throw error("a <key> outside a dictionary")
        default: throw error("unknown element <\(tag.name)>")
        }
    }

    @inlinable mutating func parseDictionary(_ tag: Tag) throws(PlistSyntaxError) -> Builder.Value {
        if tag.isEmpty { return Builder.object([]) }
        try enter()
        defer { depth -= 1 }
        var members: [(String, Builder.Value)] = []
        var places: [String: Int] = [:]
        while true {
            try skipMarkup()
            let keyTag = try expectTag()
            if keyTag.isClosing {
                guard keyTag.name == "dict" else { throw error("</\(keyTag.name)> inside a <dict>") }
                return Builder.object(members)
            }
            guard keyTag.name == "key" else { throw error("<\(keyTag.name)> where a <dict> needs a <key>") }
            let key = try text(of: keyTag)
            try skipMarkup()
            let valueTag = try expectTag()
            guard !valueTag.isClosing else { throw error("the key \"\(key)\" has no value") }
            let value = try parseValue(valueTag)
            if let place = places[key] {
                members[place].1 = value
            } else {
                places[key] = members.count
                members.append((key, value))
            }
        }
    }

    @inlinable mutating func parseArray(_ tag: Tag) throws(PlistSyntaxError) -> Builder.Value {
        if tag.isEmpty { return Builder.array([]) }
        try enter()
        defer { depth -= 1 }
        var elements: [Builder.Value] = []
        while true {
            try skipMarkup()
            let next = try expectTag()
            if next.isClosing {
                guard next.name == "array" else { throw error("</\(next.name)> inside an <array>") }
                return Builder.array(elements)
            }
            elements.append(try parseValue(next))
        }
    }

    @inlinable mutating func enter() throws(PlistSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth)") }
    }

    // MARK: Text

    /// The character data of the element `tag` opened, up to its end tag (consumed).
    @inlinable mutating func text(of tag: Tag) throws(PlistSyntaxError) -> String {
        if tag.isEmpty { return "" }
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("<\(tag.name)> is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                try appendReference(to: &text)
            } else if byte != UInt8(ascii: "<") {
                text.append(byte)
                index += 1
            } else if starts(with: "<![CDATA[") {
                index += 9
                guard let end = find("]]>") else { throw error("a CDATA section is not closed") }
                text += bytes[index..<end]
                index = end + 3
            } else if starts(with: "<!--") {
                try skipComment()
            } else {
                let end = try expectTag()
                guard end.isClosing, end.name == tag.name else {
                    throw error("<\(end.isClosing ? "/" : "")\(end.name)> inside <\(tag.name)>")
                }
                return String(decoding: text, as: UTF8.self)
            }
        }
    }

    /// Appends what the reference at `index` (`&name;` or `&#…;`) stands for.
    @inlinable mutating func appendReference(to text: inout [UInt8]) throws(PlistSyntaxError) {
        let start = index
        // References are short: look for the `;` in the next few bytes only, so text full of
        // bare `&` costs linear time.
        var end = start + 1
        while end < min(bytes.count, start + 12), bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("an unterminated reference")
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            var digits = Substring(name)
            guard digits.first == "#" else { throw error("an unknown entity &\(name);") }
            digits.removeFirst()
            let radix = digits.first == "x" || digits.first == "X" ? 16 : 10
            if radix == 16 { digits.removeFirst() }
            guard let code = UInt32(digits, radix: radix), code != 0, let scalar = Unicode.Scalar(code) else {
                throw error("a bad character reference &\(name);")
            }
            text += Array(String(Character(scalar)).utf8)
        }
    }

    @inlinable static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }

    // MARK: Markup

    /// A start, end or empty-element tag.
    @usableFromInline struct Tag {
        @usableFromInline var name: String
        @usableFromInline var isClosing: Bool
        @usableFromInline var isEmpty: Bool

        @inlinable init(name: String, isClosing: Bool, isEmpty: Bool) {
            self.name = name
            self.isClosing = isClosing
            self.isEmpty = isEmpty
        }
    }

    /// Skips whitespace, comments, processing instructions and a document type declaration.
    @inlinable mutating func skipMarkup() throws(PlistSyntaxError) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                guard let end = find("?>") else { throw error("a processing instruction is not closed") }
                index = end + 2
            } else if starts(with: "<!DOCTYPE") {
                try skipDocumentType()
            } else {
                return
            }
        }
    }

    @inlinable mutating func skipComment() throws(PlistSyntaxError) {
        guard let end = find("-->", from: index + 4) else { throw error("a comment is not closed") }
        index = end + 3
    }

    /// Skips `<!DOCTYPE …>`, brackets of an internal subset included.
    @inlinable mutating func skipDocumentType() throws(PlistSyntaxError) {
        var brackets = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">"), brackets <= 0 {
                return
            }
        }
        throw error("a DOCTYPE is not closed")
    }

    /// The tag at `index` (after markup was skipped), or nil at the end of the input; text
    /// that is not whitespace where a tag belongs is an error.
    @inlinable mutating func readTag() throws(PlistSyntaxError) -> Tag? {
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: "<") else { throw error("text where an element belongs") }
        index += 1
        let isClosing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { throw error("a tag without a name") }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        // Attributes (`<plist version="1.0">`) are skipped, quoted values included.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard !isClosing else { throw error("attributes in </\(name)>") }
                quote = byte
            } else if byte == UInt8(ascii: "<") {
                throw error("<\(name) is not closed")
            } else if byte == UInt8(ascii: ">") {
                let isEmpty = bytes[index - 2] == UInt8(ascii: "/")
                if isEmpty && isClosing { throw error("a tag both closing and empty") }
                return Tag(name: name, isClosing: isClosing, isEmpty: isEmpty)
            }
        }
        throw error("<\(name) is not closed")
    }

    @inlinable mutating func expectTag() throws(PlistSyntaxError) -> Tag {
        guard let tag = try readTag() else { throw error("unexpected end of input") }
        return tag
    }

    @inlinable static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...0xFF:
            return true
        default: return false
        }
    }

    @inlinable mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    @inlinable func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { needle in
            for offset in 0..<count where bytes[index + offset] != needle[offset] { return false }
            return true
        }
    }

    /// Where `literal` next starts at or after `start` (default: `index`), or nil.
    @inlinable func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        let count = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { needle -> Int? in
            var position = start ?? index
            while position + count <= bytes.count {
                if bytes[position] == needle[0] {
                    var matches = true
                    for offset in 1..<count where bytes[position + offset] != needle[offset] {
                        matches = false
                        break
                    }
                    if matches { return position }
                }
                position += 1
            }
            return nil
        }
    }

    @inlinable func error(_ message: String) -> PlistSyntaxError {
        PlistSyntaxError(message: message, offset: index)
    }
}

/// Why bytes are not a property list.
public struct PlistSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The byte offset where it was found.
    public var offset: Int

    /// Creates an error.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "malformed property list at byte \(offset): \(message)" }
}
