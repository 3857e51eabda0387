import RegexTranslation

extension Grammar {
    /// The child patterns of `rule` for an anchor variant, compiling them on first use;
    /// threads that need a list at the same time compile its patterns together
    /// (`ListCompilation`).
    func compiledList(_ rule: Rule, _ anchors: Anchors) -> CompiledRuleList {
        if let list = rule.compiledLists.object(anchors) { return list }
        let key = ListCompilation.Key(ruleId: rule.id, anchors: anchors)
        let compilation: ListCompilation
        lock.lock()
        if let list = rule.compiledLists.object(anchors) {
            lock.unlock()
            return list
        }
        if let running = listCompilations[key] {
            compilation = running
        } else {
            compilation = ListCompilation(key: key, sources: collectPatterns(rule))
            listCompilations[key] = compilation
            if compilation.isEmpty {
                let list = publishList(rule, anchors, compilation)
                lock.unlock()
                return list
            }
        }
        lock.unlock()
        while let index = compilation.take() {
            _ = pattern(for: compilation.sources[index].0, anchors)
            if compilation.markCompiled() {
                lock.lock()
                defer { lock.unlock() }
                return publishList(rule, anchors, compilation)
            }
        }
        return compilation.waitForList()
    }

    /// Makes the list of `compilation`, whose patterns are all compiled, publishes it on `rule`
    /// and to the threads waiting for it. The caller holds the lock.
    private func publishList(_ rule: Rule, _ anchors: Anchors, _ compilation: ListCompilation)
        -> CompiledRuleList
    {
        let sources = compilation.sources
        let hasAnchor = sources.contains { $0.0.hasAnchor }
        let compiled = sources.map { pattern(for: $0.0, anchors) }
        // A pattern that repeats an earlier one of the list never wins a scan: wherever it
        // matches, the earlier one matches at the same place and wins the tie. Dropping it
        // spares the scan a visit on every line (a fifth of the entries of the largest lists
        // of VS Code's JavaScript grammar repeat one).
        var seen = Set<String>()
        let kept =
            configuration.shortcuts.contains(.repeatedPatternRemoval)
            ? compiled.indices.filter { seen.insert(compiled[$0].source).inserted } : Array(compiled.indices)
        let patterns = kept.map { compiled[$0] }
        let entries =
            configuration.combinesPatterns
            ? Self.scanEntries(patterns, groupSize: configuration.combinedGroupSize)
            : patterns.enumerated().map { PatternScanner.Entry(pattern: $1, firstIndex: $0) }
        var list = CompiledRuleList(entries: entries, ruleIds: kept.map { sources[$0].1 })
        if hasAnchor {
            list = rule.compiledLists.publish(list, for: anchors)
        } else {
            // Without anchors every variant is the same list.
            for other in Anchors.all { rule.compiledLists.publish(list, for: other) }
            list = rule.compiledLists.object(anchors) ?? list
        }
        listCompilations[compilation.key] = nil
        compilation.publish(list)
        return list
    }

    /// `compiledList`, unowned: a published list lives as long as its rule.
    @inline(__always)
    func unownedCompiledList(_ rule: Rule, _ anchors: Anchors) -> Unowned<CompiledRuleList> {
        if let list = rule.compiledLists.unowned(anchors) { return list }
        return Unowned(compiledList(rule, anchors))
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
    func closingPattern(_ rule: Rule, resolved: String?, _ anchors: Anchors) -> Pattern {
        if let base = rule.closing, !base.hasBackReferences, let compiled = base.compiled(anchors) {
            return compiled
        }
        lock.lock()
        defer { lock.unlock() }
        guard let base = rule.closing else { return Pattern.never }
        guard base.hasBackReferences, let resolved else {
            return pattern(for: base, anchors)
        }
        if let source = resolvedClosings[rule.id]?[resolved] {
            return pattern(for: source, anchors)
        }
        // Alternating end texts (heredoc names, fences) each keep their compiled pattern; the
        // map is bounded so a document cannot grow it without limit.
        if resolvedClosings[rule.id, default: [:]].count >= 64 { resolvedClosings[rule.id] = [:] }
        let source = RegexSource(resolved: resolved, hasAnchor: base.hasAnchor, rulePath: base.rulePath)
        resolvedClosings[rule.id, default: [:]][resolved] = source
        return pattern(for: source, anchors)
    }

    /// Translates and compiles one variant of a source, with the shortcuts the configuration
    /// allows; failures become `Pattern.never` and a diagnostic. Safe from any thread, with or
    /// without the lock: two threads compiling the same source at once both compile it, and the
    /// first to publish wins.
    private func pattern(for source: RegexSource, _ anchors: Anchors) -> Pattern {
        if let compiled = source.compiled(anchors) { return compiled }
        let shortcuts = configuration.shortcuts
        let compiled: Pattern
        let variant = source.variantSource(anchors)
        do {
            let translated = try translation(
                of: variant, anchors, possessive: shortcuts.contains(.possessiveRewrite))
            // A live \G depends on the search start and \K moves the reported start: neither
            // result can be reused from another start.
            let cacheable =
                !(translated.usesAnchorG && anchors.allowG) && !translated.usesMatchReset
                && shortcuts.contains(.searchCache)
            do {
                compiled = try Pattern(translated: translated, isCacheable: cacheable, shortcuts: shortcuts)
            } catch {
                compiled = onigurumaPattern(source, variant: variant, anchors, failure: "PCRE2: \(error)")
            }
        } catch {
            compiled = onigurumaPattern(source, variant: variant, anchors, failure: "translation: \(error)")
        }
        return source.publish(compiled, for: anchors)
    }

    /// The PCRE2 translation of `variant`, from the configuration's translation cache when it
    /// holds one (and kept there when it did not).
    private func translation(of variant: String, _ anchors: Anchors, possessive: Bool)
        throws(PatternTranslationError)
        -> TranslatedPattern
    {
        let cache = configuration.translationCache
        let key = TranslationCache.Key(
            source: variant, allowsAnchorA: anchors.allowA, allowsAnchorG: anchors.allowG,
            rewritesPossessively: possessive)
        if let known = cache?.translation(for: key, grammar: scopeName) { return known }
        let translated = try OnigurumaTranslator.translate(
            variant, options: TranslationOptions(allowAnchorA: anchors.allowA, allowAnchorG: anchors.allowG),
            classOracle: possessive ? PCRE2ClassOracle.shared : nil)
        cache?.store(translated, for: key, grammar: scopeName)
        return translated
    }

    /// The pattern on Oniguruma itself, for one PCRE2 cannot run (`failure` says why); a
    /// pattern Oniguruma refuses too is disabled and reported.
    private func onigurumaPattern(_ source: RegexSource, variant: String, _ anchors: Anchors, failure: String)
        -> Pattern
    {
        // As with PCRE2, a live \G or a \K makes a result depend on where the search started.
        let cacheable =
            !(anchors.allowG && variant.contains("\\G")) && !variant.contains("\\K")
            && configuration.shortcuts.contains(.searchCache)
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
        for id in 0..<rules.count {
            guard let rule = rule(id), rule.kind != .capture, rule.kind != .match else { continue }
            for anchors in Anchors.all {
                _ = compiledList(rule, anchors)
                // Back-referenced ends only exist once resolved against a begin match.
                if let closing = rule.closing, !closing.hasBackReferences {
                    _ = closingPattern(rule, resolved: nil, anchors)
                }
            }
        }
        return diagnostics
    }
}
