import RegexTranslation

extension Grammar {
    /// The child patterns of `rule` for an anchor variant, compiling them on first use.
    func compiledList(_ rule: Rule, allowA: Bool, allowG: Bool) -> CompiledRuleList {
        let variant = RegexSource.variantIndex(allowA: allowA, allowG: allowG)
        if let list = rule.publishedList(variant) { return list }
        lock.lock()
        defer { lock.unlock() }
        if let list = rule.publishedList(variant) { return list }
        let sources = collectPatterns(rule)
        let hasAnchor = sources.contains { $0.0.hasAnchor }
        let compiled = sources.map { pattern(for: $0.0, allowA: allowA, allowG: allowG) }
        // A pattern that repeats an earlier one of the list never wins a scan: wherever it
        // matches, the earlier one matches at the same place and wins the tie. Dropping it
        // spares the scan a visit on every line (a fifth of the entries of the largest lists
        // of VS Code's JavaScript grammar repeat one).
        var seen = Set<String>()
        let kept = compiled.indices.filter { seen.insert(compiled[$0].source).inserted }
        let patterns = kept.map { compiled[$0] }
        let entries =
            configuration.combinesPatterns
            ? Self.scanEntries(patterns, groupSize: configuration.combinedGroupSize)
            : patterns.enumerated().map { PatternScanner.Entry(pattern: $1, firstIndex: $0) }
        let list = CompiledRuleList(entries: entries, ruleIds: kept.map { sources[$0].1 })
        guard !hasAnchor else { return rule.publish(list, variant: variant) }
        // Without anchors every variant is the same list.
        for other in 0..<4 { rule.publish(list, variant: other) }
        return rule.publishedList(variant) ?? list
    }

    /// `compiledList` without taking a reference: a published list lives as long as its rule.
    @inline(__always)
    func unretainedCompiledList(_ rule: Rule, allowA: Bool, allowG: Bool) -> Unmanaged<CompiledRuleList> {
        if let list = rule.unretainedList(RegexSource.variantIndex(allowA: allowA, allowG: allowG)) {
            return list
        }
        return Unmanaged.passUnretained(compiledList(rule, allowA: allowA, allowG: allowG))
    }

    /// Joins runs of combinable patterns into alternations, so one search replaces many.
    ///
    /// Runs are cut at patterns that cannot be combined and kept to a bounded size (very large
    /// alternations compile slowly and strain the JIT); a run that fails to compile as a whole
    /// stays as separate patterns.
    static func scanEntries(_ patterns: [Pattern], groupSize: Int) -> [PatternScanner.Entry] {
        var entries: [PatternScanner.Entry] = []
        var run: [Pattern] = []
        var runStart = 0
        var runBytes = 0
        func flush() {
            if run.count > 1, let combined = Pattern.combining(run) {
                entries.append(.init(pattern: combined, firstIndex: runStart))
            } else {
                for (offset, pattern) in run.enumerated() {
                    entries.append(.init(pattern: pattern, firstIndex: runStart + offset))
                }
            }
            run.removeAll()
            runBytes = 0
        }
        for (index, pattern) in patterns.enumerated() {
            if !pattern.isCombinable || run.count >= groupSize
                || runBytes + pattern.source.utf8.count > 48_000
            {
                flush()
            }
            if pattern.isCombinable {
                if run.isEmpty { runStart = index }
                run.append(pattern)
                runBytes += pattern.source.utf8.count
            } else {
                entries.append(.init(pattern: pattern, firstIndex: index))
            }
        }
        flush()
        return entries
    }

    /// The end pattern of a begin/end rule, or the while pattern of a begin/while rule, with
    /// back-references resolved as stored on the frame.
    func closingPattern(_ rule: Rule, resolved: String?, allowA: Bool, allowG: Bool) -> Pattern {
        if let base = rule.kind == .beginWhile ? rule.whileSource : rule.end, !base.hasBackReferences,
            let compiled = base.compiled(allowA: allowA, allowG: allowG)
        {
            return compiled
        }
        lock.lock()
        defer { lock.unlock() }
        guard let base = rule.kind == .beginWhile ? rule.whileSource : rule.end else { return Pattern.never }
        guard base.hasBackReferences, let resolved else {
            return pattern(for: base, allowA: allowA, allowG: allowG)
        }
        if let source = rule.resolvedEnds[resolved] {
            return pattern(for: source, allowA: allowA, allowG: allowG)
        }
        // Alternating end texts (heredoc names, fences) each keep their compiled pattern; the
        // map is bounded so a document cannot grow it without limit.
        if rule.resolvedEnds.count >= 64 { rule.resolvedEnds.removeAll() }
        let source = RegexSource(resolved: resolved, hasAnchor: base.hasAnchor, rulePath: base.rulePath)
        rule.resolvedEnds[resolved] = source
        return pattern(for: source, allowA: allowA, allowG: allowG)
    }

    /// Translates and compiles one variant of a source; failures become `Pattern.never` and a
    /// diagnostic. The caller holds the lock.
    private func pattern(for source: RegexSource, allowA: Bool, allowG: Bool) -> Pattern {
        if let compiled = source.compiled(allowA: allowA, allowG: allowG) { return compiled }
        let compiled: Pattern
        let variant = source.variantSource(allowA: allowA, allowG: allowG)
        do {
            let translated = try OnigurumaTranslator.translate(
                variant, options: TranslationOptions(allowAnchorA: allowA, allowAnchorG: allowG),
                classOracle: PCRE2ClassOracle.shared)
            // A live \G depends on the search start and \K moves the reported start: neither
            // result can be reused from another start.
            let cacheable = !(translated.usesAnchorG && allowG) && !translated.usesMatchReset
            do {
                compiled = try Pattern(translated: translated, isCacheable: cacheable)
            } catch {
                compiled = onigurumaPattern(
                    source, variant: variant, allowG: allowG, failure: "PCRE2: \(error)")
            }
        } catch {
            compiled = onigurumaPattern(
                source, variant: variant, allowG: allowG, failure: "translation: \(error)")
        }
        return source.publish(compiled, allowA: allowA, allowG: allowG)
    }

    /// The pattern on Oniguruma itself, for one PCRE2 cannot run (`failure` says why); a
    /// pattern Oniguruma refuses too is disabled and reported.
    private func onigurumaPattern(_ source: RegexSource, variant: String, allowG: Bool, failure: String)
        -> Pattern
    {
        // As with PCRE2, a live \G or a \K makes a result depend on where the search started.
        let cacheable = !(allowG && variant.contains("\\G")) && !variant.contains("\\K")
        do {
            return try Pattern(oniguruma: Self.rewritingEndAnchor(variant), isCacheable: cacheable)
        } catch {
            return disabled(source, message: "\(failure); \(error)")
        }
    }

    /// `\z` as vscode-textmate writes it before Oniguruma sees it, `$(?!\n)(?<!\n)`: never at
    /// the end of a full line (which ends in `\n`), but at the end of a capture's text.
    static func rewritingEndAnchor(_ source: String) -> String {
        guard source.contains("\\z") else { return source }
        var output = ""
        var scalars = Array(source.unicodeScalars)[...]
        var classDepth = 0
        while let scalar = scalars.popFirst() {
            if scalar == "\\", let next = scalars.popFirst() {
                if classDepth == 0, next == "z" {
                    output += "$(?!\\n)(?<!\\n)"
                } else {
                    output.unicodeScalars.append(scalar)
                    output.unicodeScalars.append(next)
                }
                continue
            }
            if scalar == "[" { classDepth += 1 } else if scalar == "]", classDepth > 0 { classDepth -= 1 }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    private func disabled(_ source: RegexSource, message: String) -> Pattern {
        report(
            .invalidPattern(
                grammar: scopeName, rulePath: source.rulePath, pattern: source.source, message: message))
        return Pattern.never
    }

    /// Compiles every pattern reachable from the root in every anchor variant, returning the
    /// failures (a grammar check, as helix's `xtask` does for its bundled grammars).
    public func compileAllPatterns() -> [GrammarError] {
        for rule in rules.compactMap({ $0 }) where rule.kind != .capture && rule.kind != .match {
            for allowA in [false, true] {
                for allowG in [false, true] {
                    _ = compiledList(rule, allowA: allowA, allowG: allowG)
                    let closing = rule.kind == .beginWhile ? rule.whileSource : rule.end
                    // Back-referenced ends only exist once resolved against a begin match.
                    if let closing, !closing.hasBackReferences {
                        _ = closingPattern(rule, resolved: nil, allowA: allowA, allowG: allowG)
                    }
                }
            }
        }
        return diagnostics
    }
}
