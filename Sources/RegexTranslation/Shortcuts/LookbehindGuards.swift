/// Negative lookbehinds of one or two single characters at the start of a pattern, the way
/// grammars keep a match from starting inside a word or after a lone dot
/// (`(?<![\w$])(?<![^.]\.)`): the guards of a class run (`ClassRun`) or a word list
/// (`WordList`), which the engine checks with masks over ASCII.
public enum LookbehindGuards {
    /// The most guards a shortcut keeps; a pattern with more stays on PCRE2.
    public static let maximum = 3

    /// Takes the leading negative lookbehinds off `elements`, a pattern's top-level
    /// sequence, and returns each one's classes (PCRE2 patterns of one class, the farthest
    /// character first); nil when one does not qualify or there are too many.
    static func take(from elements: inout [OnigNode], emitter: PCRE2Emitter) -> [[String]]? {
        var guards: [[String]] = []
        while let head = elements.first, case .group(.negativeLookbehind, let body) = head {
            guard guards.count < maximum, let sources = classes(of: body, emitter: emitter) else {
                return nil
            }
            guards.append(sources)
            elements.removeFirst()
        }
        return guards
    }

    /// The classes of a lookbehind body of one or two single characters, or nil.
    private static func classes(of body: OnigNode, emitter: PCRE2Emitter) -> [String]? {
        let characters: [OnigNode]
        if case .sequence(let items) = body { characters = items } else { characters = [body] }
        guard (1...2).contains(characters.count), characters.allSatisfy(\.isSingleCharacter) else {
            return nil
        }
        var sources: [String] = []
        for character in characters {
            guard let source = try? emitter.emit(character) else { return nil }
            sources.append(source)
        }
        return sources
    }
}
