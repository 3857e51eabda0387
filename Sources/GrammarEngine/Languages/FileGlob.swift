/// A glob over file names and paths, as VS Code's `filenamePatterns` and `files.associations`
/// write them: `*` and `?` stay within one path segment, `**` crosses segments, `[…]` is a
/// character set (`[!…]` or `[^…]` negated) and `{a,b}` alternatives.
///
/// Matching is case-insensitive, as VS Code matches file associations.
public struct FileGlob: Sendable, Hashable {
    /// The glob as written.
    public let pattern: String
    private let alternatives: [[Character]]

    /// The most alternatives one glob may expand to through `{…}`; a glob of many nested
    /// braces would otherwise grow exponentially.
    static let maximumAlternatives = 256

    /// Parses a glob.
    public init(_ pattern: String) {
        self.pattern = pattern
        let expanded = Self.expandBraces(Array(pattern.lowercased()))
        self.alternatives = Array(expanded.prefix(Self.maximumAlternatives))
    }

    /// Whether the glob applies to the path, not only to the file name (it has a `/`).
    public var matchesPaths: Bool { pattern.contains("/") }

    /// Whether `text` (a file name, or a path when ``matchesPaths``) matches.
    public func matches(_ text: String) -> Bool {
        let subject = Array(text.lowercased())
        return alternatives.contains { Self.match($0[...], subject[...]) }
    }

    /// Matches a path: the whole path for globs with a `/` (a glob not starting with `/` or
    /// `**` may match any trailing part of it), else the last path segment.
    public func matchesFile(atPath path: String) -> Bool {
        guard matchesPaths else {
            return matches(path.split(separator: "/").last.map(String.init) ?? path)
        }
        if matches(path) { return true }
        guard !pattern.hasPrefix("/") else { return false }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false)
        while segments.count > 1 {
            segments.removeFirst()
            if matches(segments.joined(separator: "/")) { return true }
        }
        return false
    }

    private static func match(_ glob: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var glob = glob
        var text = text
        while let first = glob.first {
            switch first {
            case "*":
                let crossesSegments = glob.dropFirst().first == "*"
                glob = glob.drop { $0 == "*" }
                if crossesSegments, glob.first == "/" {
                    // `**/` also matches no folder at all.
                    if match(glob.dropFirst(), text) { return true }
                }
                var rest = text
                while true {
                    if match(glob, rest) { return true }
                    guard let next = rest.first, crossesSegments || next != "/" else { return false }
                    rest = rest.dropFirst()
                }
            case "?":
                guard let next = text.first, next != "/" else { return false }
                glob = glob.dropFirst()
                text = text.dropFirst()
            case "[":
                guard let next = text.first, let (matched, rest) = matchSet(glob.dropFirst(), next) else {
                    if text.first == "[" {
                        glob = glob.dropFirst()
                        text = text.dropFirst()
                        continue
                    }
                    return false
                }
                guard matched else { return false }
                glob = rest
                text = text.dropFirst()
            default:
                guard text.first == first else { return false }
                glob = glob.dropFirst()
                text = text.dropFirst()
            }
        }
        return text.isEmpty
    }

    /// Whether `character` is in the set whose body starts `glob` (after `[`), and the glob
    /// after the set; nil when the set is not closed (then `[` is literal).
    private static func matchSet(
        _ glob: ArraySlice<Character>, _ character: Character
    ) -> (Bool, ArraySlice<Character>)? {
        var rest = glob
        var negated = false
        if rest.first == "!" || rest.first == "^" {
            negated = true
            rest = rest.dropFirst()
        }
        var found = false
        var first = true
        while let item = rest.first {
            if item == "]", !first { return (found != negated, rest.dropFirst()) }
            first = false
            rest = rest.dropFirst()
            if rest.first == "-", let upper = rest.dropFirst().first, upper != "]" {
                if item <= character && character <= upper { found = true }
                rest = rest.dropFirst(2)
            } else if item == character {
                found = true
            }
        }
        return nil
    }

    /// The glob with every `{a,b}` group expanded into alternatives.
    private static func expandBraces(_ glob: [Character]) -> [[Character]] {
        guard let open = glob.firstIndex(of: "{") else { return [glob] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<glob.count {
            switch glob[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [glob] }
        let bounds = [open] + commas + [close]
        let prefix = Array(glob[..<open])
        let suffixes = expandBraces(Array(glob[(close + 1)...]))
        var result: [[Character]] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            for middle in expandBraces(Array(glob[(start + 1)..<end])) {
                for suffix in suffixes {
                    result.append(prefix + middle + suffix)
                    if result.count >= maximumAlternatives { return result }
                }
            }
        }
        return result
    }
}
