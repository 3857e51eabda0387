/// A glob over file names and paths, as VS Code's `filenamePatterns` and `files.associations`
/// write them: `*` and `?` stay within one path segment, `**` crosses segments (`**/` also
/// matches no folder), `[…]` is a character set (`[!…]` or `[^…]` negated, ranges `a-z`) and
/// `{a,b}` alternatives.
///
/// Matching is case-insensitive, as VS Code matches file associations. Globs come from
/// clients and extensions, so matching must not backtrack exponentially (`*a*a*a*a*b` on a
/// long name): each alternative is matched by dynamic programming over (glob position, text
/// position), in time proportional to their product.
public struct FileGlob: Sendable, Hashable {
    /// The glob as written.
    public let pattern: String
    private let alternatives: [[Token]]

    /// One element of a glob.
    enum Token: Hashable, Sendable {
        case character(Character)
        /// `?`: any character but `/`.
        case any
        /// `[…]`: a set of single characters and ranges, perhaps negated; never `/`.
        case set(negated: Bool, ranges: [ClosedRange<Character>])
        /// `*`: any run of characters without `/`.
        case star
        /// `**`: any run of characters.
        case globstar
        /// `**/`: nothing, or any run of characters ending in `/`.
        case folders
    }

    /// The most alternatives one glob may expand to through `{…}`; a glob of many nested
    /// braces would otherwise grow exponentially.
    static let maximumAlternatives = 256
    /// The most characters the alternatives hold together; alternatives past it are dropped.
    static let maximumExpandedLength = 4_096
    /// Globs and texts are cut at this many characters (real ones are far shorter). With the
    /// expansion bound, one match costs at most about four million simple steps.
    static let maximumLength = 1_024

    /// Parses a glob.
    public init(_ pattern: String) {
        self.pattern = pattern
        let characters = Array(pattern.lowercased().prefix(Self.maximumLength))
        var total = 0
        let expanded = Self.expandBraces(characters).prefix(Self.maximumAlternatives).prefix { alternative in
            total += alternative.count
            return total <= Self.maximumExpandedLength
        }
        self.alternatives = expanded.map(Self.tokens)
    }

    /// Whether the glob applies to the path, not only to the file name (it has a `/`).
    public var matchesPaths: Bool { pattern.contains("/") }

    /// Whether `text` (a file name, or a path when ``matchesPaths``) matches.
    public func matches(_ text: String) -> Bool {
        let subject = Array(text.lowercased().prefix(Self.maximumLength))
        return alternatives.contains { Self.match($0, subject) }
    }

    /// Matches a path: the whole path for globs with a `/` (a glob not starting with `/` may
    /// match any trailing part of it, as if it started with `**/`), else the last segment.
    public func matchesFile(atPath path: String) -> Bool {
        guard matchesPaths else {
            return matches(path.split(separator: "/").last.map(String.init) ?? path)
        }
        if matches(path) { return true }
        guard !pattern.hasPrefix("/"), !pattern.hasPrefix("**") else { return false }
        let subject = Array(path.lowercased().prefix(Self.maximumLength))
        return alternatives.contains { Self.match([.folders] + $0, subject) || Self.match($0, subject) }
    }

    /// Whether the tokens match all of `text`: `next[j]` says whether the tokens after the
    /// current one match `text[j...]`, computed from the last token back.
    static func match(_ tokens: [Token], _ text: [Character]) -> Bool {
        let count = text.count
        var next = [Bool](repeating: false, count: count + 1)
        next[count] = true
        var current = next
        for token in tokens.reversed() {
            switch token {
            case .star, .globstar:
                current[count] = next[count]
                for j in stride(from: count - 1, through: 0, by: -1) {
                    current[j] = next[j] || ((token == .globstar || text[j] != "/") && current[j + 1])
                }
            case .folders:
                // Some k ≥ j with text[k] == "/" and the rest matching after it, or nothing.
                var later = false
                current[count] = next[count]
                for j in stride(from: count - 1, through: 0, by: -1) {
                    later = later || (text[j] == "/" && next[j + 1])
                    current[j] = next[j] || later
                }
            default:
                current[count] = false
                for j in 0..<count { current[j] = accepts(token, text[j]) && next[j + 1] }
            }
            swap(&current, &next)
        }
        return next[0]
    }

    private static func accepts(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .character(let expected): return character == expected
        case .any: return character != "/"
        case .set(let negated, let ranges):
            guard character != "/" else { return false }
            return ranges.contains { $0.contains(character) } != negated
        case .star, .globstar, .folders: return false
        }
    }

    /// The tokens of one brace-free alternative; an unclosed `[` is a literal.
    static func tokens(_ glob: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < glob.count {
            let character = glob[index]
            switch character {
            case "*":
                var end = index
                while end < glob.count, glob[end] == "*" { end += 1 }
                if end - index >= 2, end < glob.count, glob[end] == "/" {
                    tokens.append(.folders)
                    index = end + 1
                } else {
                    tokens.append(end - index >= 2 ? .globstar : .star)
                    index = end
                }
                continue
            case "?":
                tokens.append(.any)
            case "[":
                if let (set, end) = parseSet(glob, from: index + 1) {
                    tokens.append(set)
                    index = end
                    continue
                }
                tokens.append(.character("["))
            default:
                tokens.append(.character(character))
            }
            index += 1
        }
        return tokens
    }

    /// The set whose body starts at `start` (after `[`) and the index after its `]`; nil when
    /// it is not closed.
    private static func parseSet(_ glob: [Character], from start: Int) -> (Token, Int)? {
        var index = start
        var negated = false
        if index < glob.count, glob[index] == "!" || glob[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while index < glob.count {
            let item = glob[index]
            if item == "]", !first { return (.set(negated: negated, ranges: ranges), index + 1) }
            first = false
            if index + 2 < glob.count, glob[index + 1] == "-", glob[index + 2] != "]" {
                let upper = glob[index + 2]
                if item <= upper { ranges.append(item...upper) }
                index += 3
            } else {
                ranges.append(item...item)
                index += 1
            }
        }
        return nil
    }

    /// The glob with every `{a,b}` group expanded into alternatives, at most
    /// ``maximumAlternatives`` of them.
    static func expandBraces(_ glob: [Character]) -> [[Character]] {
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
