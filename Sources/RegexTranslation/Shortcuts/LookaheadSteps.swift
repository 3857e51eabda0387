/// One step of a lookahead the engine can test itself after a class run (`ClassRun.followedBy`):
/// a character of a class, taken once, at most once, any number of times or at least once,
/// or an optional group of such steps. `(?=\s*\??\.\s*[#\w$])`, a name followed by a
/// property access, and `(?=\s*(?:\?\.\s*)?\()`, a name followed by a call, are such
/// lookaheads: JavaScript's grammar tries them after every name of a line.
///
/// Classes are PCRE2 patterns of one class, for the engine to ask PCRE2 about.
public indirect enum LookaheadStep: Hashable, Sendable {
    /// Exactly one character of the class.
    case one(String)
    /// Zero or one.
    case optional(String)
    /// Zero or more.
    case any(String)
    /// One or more.
    case some(String)
    /// The steps, or nothing (an optional non-capturing group); groups do not nest.
    case optionalGroup([LookaheadStep])

    /// The steps of a lookahead `body`, or nil when it is not made of such steps.
    static func steps(of body: OnigNode, emitter: PCRE2Emitter, inGroup: Bool = false) -> [LookaheadStep]? {
        let items: [OnigNode]
        if case .sequence(let nodes) = body { items = nodes } else { items = [body] }
        var steps: [LookaheadStep] = []
        for item in items {
            guard let step = step(of: item, emitter: emitter, inGroup: inGroup) else { return nil }
            steps.append(step)
        }
        return steps.isEmpty ? nil : steps
    }

    private static func step(of node: OnigNode, emitter: PCRE2Emitter, inGroup: Bool) -> LookaheadStep? {
        if node.isSingleCharacter {
            return (try? emitter.emit(node)).map(LookaheadStep.one)
        }
        guard case .quantified(let repeated, let quantifier) = node, quantifier.mode != .lazy else {
            return nil
        }
        if repeated.isSingleCharacter {
            guard let source = try? emitter.emit(repeated) else { return nil }
            switch (quantifier.min, quantifier.max) {
            case (0, 1): return .optional(source)
            case (0, nil): return .any(source)
            case (1, nil): return .some(source)
            default: return nil
            }
        }
        guard !inGroup, quantifier.min == 0, quantifier.max == 1,
            case .group(.nonCapturing, let body) = repeated,
            let inner = steps(of: body, emitter: emitter, inGroup: true)
        else { return nil }
        return .optionalGroup(inner)
    }
}
