import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an XML property list into a `RawValue`, keeping dictionary order.
///
/// Containers nest at most ``maximumDepth`` deep, as JSON grammars do: deeper values would make
/// reading the grammar's rules, and freeing them, recurse past the stack.
final class PlistReader: NSObject, XMLParserDelegate {
    /// The deepest nesting of `<dict>` and `<array>` accepted.
    static let maximumDepth = 512

    /// An open `<array>` or `<dict>`, filled in place: appending to a copy taken out of the stack
    /// would copy the whole container for every value, quadratic in its size.
    private final class Container {
        let isDictionary: Bool
        var items: [RawValue] = []
        var pairs: [(String, RawValue)] = []
        /// Where each key sits in `pairs`; a repeated key replaces the value in place.
        var keyIndex: [String: Int] = [:]
        var pendingKey: String?

        init(isDictionary: Bool) {
            self.isDictionary = isDictionary
        }
    }

    private var stack: [Container] = []
    private var text = ""
    private var result: RawValue?
    private var failure: String?

    /// Parses XML plist bytes.
    static func parse(_ data: Data) throws(GrammarError) -> RawValue {
        // Foundation's XMLParser traps on an element name that is not valid UTF-8 (found by the
        // FuzzGrammar target), so only valid UTF-8 reaches it.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .malformed(message: "plist: the file is not valid UTF-8")
        }
        // It also dereferences a null pointer for a processing instruction without data
        // (`<?xml?>`, found by the same target); property lists never need one.
        if hasProcessingInstructionWithoutData(Array(data)) {
            throw .malformed(message: "plist: a processing instruction without data")
        }
        let reader = PlistReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw .malformed(message: "plist: \(failure)") }
        guard ok, let result = reader.result else {
            throw .malformed(message: "plist: \(parser.parserError.map { "\($0)" } ?? "no root value")")
        }
        return result
    }

    /// Whether some `<?target ...?>` has nothing but spaces after its target.
    private static func hasProcessingInstructionWithoutData(_ bytes: [UInt8]) -> Bool {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var cursor = index + 2
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "?") {
                cursor += 1
            }
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            if cursor + 1 >= bytes.count
                || (bytes[cursor] == UInt8(ascii: "?") && bytes[cursor + 1] == UInt8(ascii: ">"))
            {
                return true
            }
            index = cursor
        }
        return false
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        text = ""
        guard elementName == "dict" || elementName == "array" else { return }
        guard stack.count < Self.maximumDepth else {
            fail("nesting deeper than \(Self.maximumDepth)")
            parser.abortParsing()
            return
        }
        stack.append(Container(isDictionary: elementName == "dict"))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        switch elementName {
        case "dict":
            guard let top = stack.popLast(), top.isDictionary else { return fail("unbalanced dict") }
            add(.object(top.pairs))
        case "array":
            guard let top = stack.popLast(), !top.isDictionary else { return fail("unbalanced array") }
            add(.array(top.items))
        case "key":
            guard let top = stack.last, top.isDictionary, top.pendingKey == nil else {
                return fail("misplaced key")
            }
            top.pendingKey = text
        case "string", "data", "date": add(.string(text))
        case "integer", "real": add(.number(Double(text.trimmingCharacters(in: .whitespaces)) ?? 0))
        case "true": add(.bool(true))
        case "false": add(.bool(false))
        default: break
        }
        text = ""
    }

    private func add(_ value: RawValue) {
        guard let top = stack.last else {
            result = value
            return
        }
        guard top.isDictionary else {
            top.items.append(value)
            return
        }
        guard let key = top.pendingKey else { return fail("value without key") }
        top.pendingKey = nil
        if let existing = top.keyIndex[key] {
            top.pairs[existing].1 = value
        } else {
            top.keyIndex[key] = top.pairs.count
            top.pairs.append((key, value))
        }
    }

    private func fail(_ message: String) {
        if failure == nil { failure = message }
    }
}
