import JSONRPC

/// What a client keeps of the span layer, following PROTOCOL.md's client rule: one span token
/// per unit (kind, atomic flag and a serial number telling adjacent spans apart), moved by the
/// client's own edits and replaced over each pushed change (older versions mapped first).
struct SpanClientModel {
    struct Token: Equatable {
        var kind: String
        var atomic: Bool
        var serial: Int
    }

    var units: [UInt32]
    var tokens: [Token?]
    var history: [(version: Int, offset: Int, length: Int, newLength: Int)] = []
    var version: Int
    private var serial = 0
    let unit: String

    init(unit: String, text: String, version: Int) {
        self.unit = unit
        units = ClientAttributeModel.units(of: text, unit)
        tokens = Array(repeating: nil, count: units.count)
        self.version = version
    }

    var text: String { ClientAttributeModel.string(from: units, unit) }

    mutating func edit(offset: Int, length: Int, text: String, version: Int) {
        let inserted = ClientAttributeModel.units(of: text, unit)
        units.replaceSubrange(offset..<(offset + length), with: inserted)
        tokens.replaceSubrange(offset..<(offset + length), with: Array(repeating: nil, count: inserted.count))
        history.append((version, offset, length, inserted.count))
        self.version = version
    }

    func map(_ position: Int, from version: Int) -> Int? {
        var position = position
        for edit in history where edit.version > version {
            if position >= edit.offset && position < edit.offset + edit.length { return nil }
            if position >= edit.offset + edit.length { position += edit.newLength - edit.length }
        }
        return position
    }

    /// Applies a `textStorage/didProcessEditing` push.
    mutating func apply(_ params: JSONValue) {
        let version = params["version"]?.intValue ?? 0
        for change in params["changes"]?.arrayValue ?? [] {
            let offset = change["offset"]?.intValue ?? 0
            for position in offset..<(offset + (change["length"]?.intValue ?? 0)) {
                if let mapped = map(position, from: version), mapped < tokens.count { tokens[mapped] = nil }
            }
            for span in change["spans"]?.arrayValue ?? [] {
                serial += 1
                let token = Token(
                    kind: span["kind"]?.stringValue ?? "", atomic: span["atomic"]?.boolValue ?? false,
                    serial: serial)
                let start = span["offset"]?.intValue ?? 0
                for position in start..<(start + (span["length"]?.intValue ?? 0)) {
                    if let mapped = map(position, from: version), mapped < tokens.count {
                        tokens[mapped] = token
                    }
                }
            }
        }
    }

    /// The spans as `[offset, length, kind]`, adjacent units of one token joined.
    var spans: [[String]] {
        var result: [[String]] = []
        var index = 0
        while index < tokens.count {
            guard let token = tokens[index] else {
                index += 1
                continue
            }
            var end = index + 1
            while end < tokens.count, tokens[end] == token { end += 1 }
            result.append([String(index), String(end - index), token.kind])
            index = end
        }
        return result
    }

    /// The atomic spans' unit ranges.
    var atomicRanges: [Range<Int>] {
        var result: [Range<Int>] = []
        var index = 0
        while index < tokens.count {
            guard let token = tokens[index], token.atomic else {
                index += 1
                continue
            }
            var end = index + 1
            while end < tokens.count, tokens[end] == token { end += 1 }
            result.append(index..<end)
            index = end
        }
        return result
    }

    /// `spans` of a `textStorage/attributes` answer in the same shape.
    static func spans(_ answer: JSONValue) -> [[String]] {
        (answer["spans"]?.arrayValue ?? []).map {
            [
                String($0["offset"]?.intValue ?? -1), String($0["length"]?.intValue ?? -1),
                $0["kind"]?.stringValue ?? "",
            ]
        }
    }
}
