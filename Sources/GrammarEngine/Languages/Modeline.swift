import Foundation

/// The language a document names for itself in an editor modeline: Vim's `vim: set ft=rust:`
/// (or `filetype=`, `syntax=`; `vi:`, `vim:` and `ex:` prefixes) in its first or last five
/// lines, and Emacs's `-*- mode: rust -*-` (or `-*- rust -*-`) on its first line, or its second
/// after a `#!` line.
///
/// The name is the editor's, not necessarily a language id: the registry maps it through ids,
/// aliases and extensions.
public enum Modeline {
    /// How many lines at each end Vim reads for modelines (its `modelines` default).
    public static let linesRead = 5
    /// The longest line examined; a modeline is short, and a minified file's one line is not.
    static let maximumLineLength = 1_000

    /// The name a modeline gives, Emacs's first, or nil.
    public static func languageName(in text: Substring) -> String? {
        let (head, tail) = edgeLines(of: text)
        if let name = emacsMode(in: head) { return name }
        for line in head + tail {
            if let name = vimFiletype(in: line) { return name }
        }
        return nil
    }

    /// The first and last ``linesRead`` lines (without overlap), each cut to its first
    /// ``maximumLineLength`` bytes; finding them reads only the text's two ends, byte by byte
    /// (a document may be one line of megabytes).
    static func edgeLines(of text: Substring) -> (head: [Substring], tail: [Substring]) {
        let bytes = text.utf8
        var head: [Substring] = []
        var cursor = bytes.startIndex
        while head.count < linesRead, cursor < bytes.endIndex {
            let end = bytes[cursor...].firstIndex(of: 0x0A) ?? bytes.endIndex
            head.append(line(text, from: cursor, to: end))
            cursor = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        var tail: [Substring] = []
        var end = bytes.endIndex
        if end > cursor, bytes[bytes.index(before: end)] == 0x0A { end = bytes.index(before: end) }
        while tail.count < linesRead, end > cursor {
            let start = bytes[cursor..<end].lastIndex(of: 0x0A).map { bytes.index(after: $0) } ?? cursor
            tail.insert(line(text, from: start, to: end), at: 0)
            end = start > cursor ? bytes.index(before: start) : cursor
        }
        return (head, tail)
    }

    /// `text[start..<end]` cut to ``maximumLineLength`` bytes, on a character boundary.
    private static func line(_ text: Substring, from start: String.Index, to end: String.Index) -> Substring {
        let bytes = text.utf8
        guard bytes.distance(from: start, to: end) > maximumLineLength else { return text[start..<end] }
        var cut = bytes.index(start, offsetBy: maximumLineLength)
        // Back off continuation bytes so the cut is a scalar boundary.
        while cut > start, bytes[cut] & 0xC0 == 0x80 { cut = bytes.index(before: cut) }
        return text[start..<cut]
    }

    /// Emacs's `-*- … -*-` on the first line, or the second after a shebang.
    static func emacsMode(in head: [Substring]) -> String? {
        var candidates = Array(head.prefix(1))
        if let first = head.first, first.hasPrefix("#!"), head.count > 1 { candidates.append(head[1]) }
        for line in candidates {
            guard let open = line.range(of: "-*-"),
                let close = line[open.upperBound...].range(of: "-*-")
            else { continue }
            let body = line[open.upperBound..<close.lowerBound]
            if !body.contains(":") {
                let name = body.trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
            for setting in body.split(separator: ";") {
                let parts = setting.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "mode"
                else { continue }
                let name = parts[1].trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }

    /// Vim's `filetype`, `ft`, `syntax` or `syn` option in a modeline of one line.
    static func vimFiletype(in line: Substring) -> String? {
        for prefix in ["vim:", "vi:", "ex:", "Vim:"] {
            var searchStart = line.startIndex
            while let found = line[searchStart...].range(of: prefix) {
                searchStart = found.upperBound
                // The prefix must start the line or follow white space (`avi:` is not one).
                if found.lowerBound > line.startIndex,
                    !line[line.index(before: found.lowerBound)].isWhitespace
                {
                    continue
                }
                if let name = filetypeOption(in: line[found.upperBound...]) { return name }
            }
        }
        return nil
    }

    private static func filetypeOption(in options: Substring) -> String? {
        let separators: Set<Character> = [" ", "\t", ":"]
        for item in options.split(whereSeparator: { separators.contains($0) }) {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, ["ft", "filetype", "syn", "syntax"].contains(pair[0]) else { continue }
            let name = pair[1].prefix { !separators.contains($0) && $0 != "." }
            if !name.isEmpty { return String(name) }
        }
        return nil
    }
}
