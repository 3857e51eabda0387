/// A rule's `name` or `contentName`, with `$N` and `${N:/downcase|upcase}` placeholders.
///
/// A class, so that handing a rule's name to the tokenizer's push on every match takes one
/// reference rather than one per field (the text, its pieces and its scopes).
final class NameTemplate: Sendable {
    let text: String
    /// Whether the text holds placeholders (otherwise it is returned as is).
    let hasCaptures: Bool
    // The text split once into literals and placeholders.
    private let pieces: [Piece]
    /// The scopes the text pushes when it has no placeholders: split on spaces, as
    /// `AttributedScopeStack.pushAttributed` does.
    let scopes: [String]
    /// `ScopeStack.nameHash` of each of `scopes`, so that a push does not hash its name.
    let scopeHashes: [Int]

    init(_ text: String) {
        self.text = text
        // Split at each space byte, as vscode-textmate's `split(' ')` splits at each U+0020
        // (a split by Character would keep a space that a combining mark follows).
        self.scopes = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
        self.scopeHashes = scopes.map(ScopeStack.nameHash)
        self.pieces = text.utf8.contains(UInt8(ascii: "$")) ? Self.scan(Array(text.utf8)) : []
        self.hasCaptures = pieces.contains { $0.placeholder != nil }
    }

    private struct Piece: Sendable {
        var literal: ArraySlice<UInt8>
        var placeholder: (group: Int, command: String?)?
    }

    // Splits the text into literals and placeholders, per vscode's
    // /\$(\d+)|\$\{(\d+):\/(downcase|upcase)\}/g.
    private static func scan(_ bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var literalStart = 0
        var index = 0
        func digits(from start: Int) -> (Int, Int)? {
            var end = start
            var value = 0
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                value = min(value * 10 + Int(bytes[end] - UInt8(ascii: "0")), 1_000_000)
                end += 1
            }
            return end > start ? (value, end) : nil
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            var found: (group: Int, command: String?, end: Int)?
            if let (group, end) = digits(from: index + 1) {
                found = (group, nil, end)
            } else if bytes[index + 1] == UInt8(ascii: "{"), let (group, end) = digits(from: index + 2) {
                for command in ["downcase", "upcase"] {
                    let tail = Array(":/\(command)}".utf8)
                    if bytes.count - end >= tail.count, Array(bytes[end..<end + tail.count]) == tail {
                        found = (group, command, end + tail.count)
                    }
                }
            }
            guard let found else {
                index += 1
                continue
            }
            pieces.append(Piece(literal: bytes[literalStart..<index], placeholder: nil))
            pieces.append(Piece(literal: bytes[index..<found.end], placeholder: (found.group, found.command)))
            index = found.end
            literalStart = index
        }
        pieces.append(Piece(literal: bytes[literalStart..<bytes.count], placeholder: nil))
        return pieces
    }

    /// The name for a match: placeholders take the text of the match's groups.
    ///
    /// A group index beyond the match's groups leaves the placeholder verbatim; an unset group
    /// gives "". Leading dots are stripped from substituted text.
    func resolve(line: UnsafeBufferPointer<UInt8>, match: PatternMatch?) -> String {
        guard hasCaptures, let match else { return text }
        var output: [UInt8] = []
        for piece in pieces {
            guard let (group, command) = piece.placeholder, group < match.groupCount else {
                // Literal text, or a placeholder past the last group, which stays verbatim.
                output.append(contentsOf: piece.literal)
                continue
            }
            var value = ""
            if let range = match.range(group), range.upperBound <= line.count {
                value = String(decoding: line[range], as: UTF8.self)
            }
            while value.first == "." { value.removeFirst() }
            switch command {
            case "downcase": value = value.lowercased()
            case "upcase": value = value.uppercased()
            default: break
            }
            output.append(contentsOf: value.utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
