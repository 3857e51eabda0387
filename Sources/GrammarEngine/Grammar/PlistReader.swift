import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an XML property list into a `RawValue`, keeping dictionary order.
final class PlistReader: NSObject, XMLParserDelegate {
    private enum Container {
        case array([RawValue])
        case dictionary([(String, RawValue)], pendingKey: String?)
    }

    private var stack: [Container] = []
    private var text = ""
    private var result: RawValue?
    private var failure: String?

    /// Parses XML plist bytes.
    static func parse(_ data: Data) throws(GrammarError) -> RawValue {
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

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        text = ""
        switch elementName {
        case "dict": stack.append(.dictionary([], pendingKey: nil))
        case "array": stack.append(.array([]))
        default: break
        }
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
            guard case .dictionary(let pairs, _)? = stack.popLast() else { return fail("unbalanced dict") }
            add(.object(pairs))
        case "array":
            guard case .array(let items)? = stack.popLast() else { return fail("unbalanced array") }
            add(.array(items))
        case "key":
            guard case .dictionary(let pairs, nil)? = stack.last else { return fail("misplaced key") }
            stack[stack.count - 1] = .dictionary(pairs, pendingKey: text)
        case "string", "data", "date": add(.string(text))
        case "integer", "real": add(.number(Double(text.trimmingCharacters(in: .whitespaces)) ?? 0))
        case "true": add(.bool(true))
        case "false": add(.bool(false))
        default: break
        }
        text = ""
    }

    private func add(_ value: RawValue) {
        switch stack.last {
        case nil: result = value
        case .array(var items)?:
            items.append(value)
            stack[stack.count - 1] = .array(items)
        case .dictionary(var pairs, let key)?:
            guard let key else { return fail("value without key") }
            if let existing = pairs.firstIndex(where: { $0.0 == key }) {
                pairs[existing].1 = value
            } else {
                pairs.append((key, value))
            }
            stack[stack.count - 1] = .dictionary(pairs, pendingKey: nil)
        }
    }

    private func fail(_ message: String) {
        if failure == nil { failure = message }
    }
}
