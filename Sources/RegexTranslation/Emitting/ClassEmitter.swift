/// Writes a ``ClassSet`` as one PCRE2 atom that matches exactly one character of the set.
///
/// Positive unions flatten into one bracket class. Members that PCRE2 10.42 cannot put in a
/// class (complemented fragments, nested negations, intersections) become alternations and
/// lookaheads: `[^A[^B]]` is `(?![A])[B]`, `A&&B` is `(?=[B])[A]`.
enum ClassEmitter {
    /// A set in an intermediate form: a flat class body, or an expression.
    enum Form {
        /// A bracket class body, complemented when `negated`.
        case flat([String], negated: Bool)
        /// A PCRE2 expression matching one character.
        case expression(String)
    }

    /// The set as one PCRE2 atom.
    static func atom(_ set: ClassSet) -> String {
        text(form(set))
    }

    /// The PCRE2 text of a form, always one atom.
    static func text(_ form: Form) -> String {
        switch form {
        case .flat(let items, let negated):
            // PCRE2 has no empty class: `[]…]` would start a class holding `]`.
            if items.isEmpty { return negated ? "(?s:.)" : "(?!)" }
            return (negated ? "[^" : "[") + items.joined() + "]"
        case .expression(let expression):
            return expression
        }
    }

    /// Reduces a set to a form.
    static func form(_ set: ClassSet) -> Form {
        switch set {
        case .union(let items, let negated): return union(items, negated: negated)
        case .intersection(let operands, let negated):
            let parts = operands.map { text(form($0)) }
            guard let first = parts.first else { return .flat([], negated: negated) }
            let body = parts.dropFirst().map { "(?=\($0))" }.joined() + first
            return .expression(negated ? "(?:(?!\(body))(?s:.))" : "(?:\(body))")
        }
    }

    /// Reduces a union: flat members merge, the others are alternated.
    static func union(_ items: [ClassItem], negated: Bool) -> Form {
        var positives: [String] = []
        var complements: [[String]] = []
        var expressions: [String] = []
        for item in items {
            switch item {
            case .scalar(let scalar):
                if !PCRE2Emitter.isSurrogate(scalar) { positives.append(PCRE2Emitter.escaped(scalar)) }
            case .range(let low, let high):
                // PCRE2 refuses surrogate code points, which no UTF-8 subject holds anyway.
                let clippedLow = PCRE2Emitter.isSurrogate(low) ? 0xE000 : low
                let clippedHigh = PCRE2Emitter.isSurrogate(high) ? 0xD7FF : high
                guard clippedLow <= clippedHigh else { continue }
                positives.append(PCRE2Emitter.escaped(clippedLow) + "-" + PCRE2Emitter.escaped(clippedHigh))
            case .fragment(let fragment):
                if fragment.negated {
                    complements.append(fragment.items)
                } else {
                    positives += fragment.items
                }
            case .nested(let set):
                switch form(set) {
                case .flat(let nested, negated: false): positives += nested
                case .flat(let nested, negated: true): complements.append(nested)
                case .expression(let expression): expressions.append(expression)
                }
            }
        }
        if complements.isEmpty && expressions.isEmpty { return .flat(positives, negated: negated) }
        if positives.isEmpty && expressions.isEmpty && complements.count == 1 {
            return .flat(complements[0], negated: !negated)
        }
        if negated && expressions.isEmpty && complements.count == 1 && !positives.isEmpty {
            // ¬(P ∪ ¬N) = ¬P ∩ N.
            return .expression("(?:(?![\(positives.joined())])[\(complements[0].joined())])")
        }
        var branches = complements.map { "[^\($0.joined())]" } + expressions
        if !positives.isEmpty { branches.insert("[\(positives.joined())]", at: 0) }
        let alternation = "(?:" + branches.joined(separator: "|") + ")"
        return .expression(negated ? "(?:(?!\(alternation))(?s:.))" : alternation)
    }
}
