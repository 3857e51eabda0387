/// Where a tree switches case folding on.
///
/// The analyses compare characters as written: a literal `a` stands for `a` alone. Under
/// `(?i)` it also stands for `A` (and Unicode's folds add non-ASCII variants such as `K` for
/// KELVIN SIGN), which none of them follows. So they either leave out a whole tree that
/// ignores case anywhere (the possessive rewrite, leading runs) or give up on a group that
/// switches folding on (required literals and words). Both are conservative: a `(?i)` that
/// changes nothing, or that a later `(?-i)` undoes, still counts.
extension OnigNode {
    /// Whether any part of this node switches case folding on.
    var ignoresCaseAnywhere: Bool {
        switch self {
        case .group(let kind, let body): return kind.switchesCaseFoldingOn || body.ignoresCaseAnywhere
        case .sequence(let nodes), .alternation(let nodes):
            return nodes.contains(where: \.ignoresCaseAnywhere)
        case .quantified(let inner, _): return inner.ignoresCaseAnywhere
        case .conditional(let condition, let yes, let no):
            if case .assertion(let assertion) = condition, assertion.ignoresCaseAnywhere { return true }
            return yes.ignoresCaseAnywhere || (no?.ignoresCaseAnywhere ?? false)
        case .absent(let inner): return inner.ignoresCaseAnywhere
        default: return false
        }
    }
}

extension OnigGroupKind {
    /// Whether this group switches case folding on for its body (`(?i:…)`, or an isolated
    /// `(?i)`, which the parser scopes to the rest of its group).
    var switchesCaseFoldingOn: Bool {
        guard case .options(let change) = self else { return false }
        return change.ignoreCase == true
    }
}
