extension Grammar {
    /// The patterns a rule's list searches, in order: vscode's `collectPatterns`. A match rule
    /// gives its match, a begin rule its begin, an include-only rule its children inlined.
    /// Cycles made only of include-only rules are cut. The caller holds the lock.
    ///
    /// The walk keeps its own stack, since include-only chains as long as the grammar file
    /// allows would overflow the thread's, and stops after ``Limits/flattenedPatterns`` rules,
    /// reporting the list as cut short.
    func collectPatterns(_ rule: Rule) -> [(RegexSource, Int)] {
        var sources: [(RegexSource, Int)] = []
        // Include-only rules on the path from the list's rule, with the next child to visit.
        var path: [(rule: Rule, next: Int)] = []
        var onPath: Set<Int> = []
        var visited = 0
        func visit(_ rule: Rule) {
            switch rule.kind {
            case .match, .beginEnd, .beginWhile:
                if let match = rule.match { sources.append((match, rule.id)) }
            case .includeOnly:
                if onPath.insert(rule.id).inserted { path.append((rule, 0)) }
            case .capture:
                break
            }
        }
        if rule.kind == .includeOnly {
            visit(rule)
        } else {
            // A begin rule's own begin is not part of its list: only its children are.
            path.append((rule, 0))
        }
        while let (top, next) = path.last {
            guard next < top.patterns.count else {
                path.removeLast()
                onPath.remove(top.id)
                continue
            }
            path[path.count - 1].next = next + 1
            visited += 1
            guard visited <= Limits.flattenedPatterns else {
                report(
                    .limitExceeded(
                        grammar: scopeName, rulePath: rule.path,
                        message: "its pattern list flattens to more than \(Limits.flattenedPatterns) rules"))
                break
            }
            if let child = self.rule(top.patterns[next]) { visit(child) }
        }
        return sources
    }
}
