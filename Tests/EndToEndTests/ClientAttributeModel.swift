import JSONRPC

/// What a client keeps, following PROTOCOL.md's client rule: per-unit style ids and links that
/// move with the client's own edits, updated by `didProcessEditing` notifications (older
/// versions mapped through the later edits first).
struct ClientAttributeModel {
    let unit: String
    var text: String
    var styles: [Int]
    var links: [String?]
    var version: Int
    /// The client's edits, in order, with the version each produced.
    var history: [(version: Int, offset: Int, length: Int, newLength: Int)] = []

    init(unit: String, text: String, version: Int) {
        self.unit = unit
        self.text = text
        self.version = version
        let count = Self.units(of: text, unit).count
        styles = Array(repeating: 0, count: count)
        links = Array(repeating: nil, count: count)
    }

    static func units(of text: String, _ unit: String) -> [UInt32] {
        switch unit {
        case "utf-8": return text.utf8.map(UInt32.init)
        case "utf-16": return text.utf16.map(UInt32.init)
        default: return text.unicodeScalars.map(\.value)
        }
    }

    /// Unit offsets where an edit may start or end: scalar boundaries not inside `\r\n`.
    var validOffsets: [Int] {
        var result: [Int] = [0]
        var offset = 0
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            offset += Self.units(of: String(scalar), unit).count
            let insideCRLF = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if !insideCRLF { result.append(offset) }
        }
        return result
    }

    /// Applies the client's own edit (offsets in the negotiated unit).
    mutating func edit(offset: Int, length: Int, text inserted: String, version: Int) {
        var units = Self.units(of: text, unit)
        let insertedUnits = Self.units(of: inserted, unit)
        units.replaceSubrange(offset..<(offset + length), with: insertedUnits)
        text = Self.string(from: units, unit)
        styles.replaceSubrange(
            offset..<(offset + length), with: Array(repeating: 0, count: insertedUnits.count))
        links.replaceSubrange(
            offset..<(offset + length), with: Array(repeating: nil, count: insertedUnits.count))
        history.append((version, offset, length, insertedUnits.count))
        self.version = version
    }

    static func string(from units: [UInt32], _ unit: String) -> String {
        switch unit {
        case "utf-8": return String(decoding: units.map { UInt8($0) }, as: UTF8.self)
        case "utf-16": return String(decoding: units.map { UInt16($0) }, as: UTF16.self)
        default:
            var view = String.UnicodeScalarView()
            view.append(contentsOf: units.compactMap(Unicode.Scalar.init))
            return String(view)
        }
    }

    /// Where a unit at `position` in `version`'s text is now, or nil if a later edit replaced it.
    func map(_ position: Int, from version: Int) -> Int? {
        var position = position
        for edit in history where edit.version > version {
            if position >= edit.offset && position < edit.offset + edit.length { return nil }
            if position >= edit.offset + edit.length { position += edit.newLength - edit.length }
        }
        return position
    }

    /// Applies a `textStorage/didProcessEditing` notification.
    mutating func apply(_ params: JSONValue) {
        let version = params["version"]?.intValue ?? 0
        for change in params["changes"]?.arrayValue ?? [] {
            let offset = change["offset"]?.intValue ?? 0
            var position = offset
            for run in change["runs"]?.arrayValue ?? [] {
                let length = run.arrayValue?[0].intValue ?? 0
                let style = run.arrayValue?[1].intValue ?? 0
                for unitOffset in position..<(position + length) {
                    if let mapped = map(unitOffset, from: version), mapped < styles.count {
                        styles[mapped] = style
                        links[mapped] = nil
                    }
                }
                position += length
            }
            for link in change["links"]?.arrayValue ?? [] {
                let start = link["offset"]?.intValue ?? 0
                for unitOffset in start..<(start + (link["length"]?.intValue ?? 0)) {
                    if let mapped = map(unitOffset, from: version), mapped < links.count {
                        links[mapped] = link["target"]?.stringValue
                    }
                }
            }
        }
    }

    /// Expands `textStorage/attributes` runs to one style per unit.
    static func expand(_ runs: JSONValue?) -> [Int] {
        (runs?.arrayValue ?? []).flatMap { run -> [Int] in
            let pair = run.arrayValue ?? []
            return Array(
                repeating: pair.count > 1 ? pair[1].intValue ?? 0 : 0, count: pair.first?.intValue ?? 0)
        }
    }
}
