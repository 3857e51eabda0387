import CPCRE2
import RegexTranslation

/// A compiled pattern: PCRE2 (UTF, UCP, MULTILINE, LF newlines, JIT with interpreter
/// fallback), or Oniguruma for the few PCRE2 cannot run, with the plan its searches follow.
///
/// The compiled code is read-only after compilation, so one `Pattern` is shared by every
/// thread; the mutable match state (match data, JIT stack, search cache) lives in the
/// per-thread `MatchWorkspace`.
public final class Pattern: @unchecked Sendable {
    /// The pattern's source: PCRE2 syntax, or Oniguruma syntax for an Oniguruma pattern.
    public let source: String
    /// The number of capturing groups (group 0 not counted).
    public let captureCount: Int
    /// Whether per-line search results may be reused (false for a live `\G` or for `\K`).
    public let isCacheable: Bool
    /// For a combined alternation (`(?|(?:P0)(*:0)|…)`), each alternative's own group count;
    /// the MARK of a match names the alternative. Nil for a plain pattern.
    public let alternativeCaptureCounts: [Int]?
    /// Whether the pattern may join a combined alternation (see `isCombinable(_:)`).
    public let isCombinable: Bool
    /// Whether the JIT has compiled the pattern; until then (or for good, when it cannot) the
    /// interpreter runs it (`DeferredJIT`).
    public var isJITCompiled: Bool { jit.isCompiled }
    /// The JIT code, compiled on the pattern's `jitThreshold`th search.
    let jit: DeferredJIT
    /// How searches run (`SearchPlan`).
    let plan: SearchPlan
    /// Whether PCRE2 runs the pattern behind a lookahead of its start characters
    /// (`StartLookahead`).
    public let hasStartLookahead: Bool
    /// The name of the plan searches follow: "pcre2", "oniguruma", or the shortcut's name in
    /// `SearchShortcuts.named`.
    public var searchPlanName: String { plan.name }
    /// Bytes a match needs, checked before any search; kept out of line so that the scan's
    /// slots stay small enough to copy without a call to memmove. The pattern owns it.
    let prefilter: UnsafeMutablePointer<SearchPrefilter>
    // Index into the per-thread search cache.
    let uid: Int
    let code: OpaquePointer

    private static let ids = RecycledIDs()

    /// Compiles a PCRE2 pattern with no shortcut but the prefilter PCRE2's own facts give;
    /// `isCacheable` says whether search results may be reused within a line.
    /// `interruptible` patterns stop at the deadline a workspace has installed
    /// (`SearchDeadline`), at some cost per search.
    /// `jitThreshold` is the search on which the JIT compiles it (0: now; `DeferredJIT`).
    public convenience init(
        _ source: String, isCacheable: Bool = true, isCombinable: Bool = true, interruptible: Bool = false,
        jitThreshold: Int = DeferredJIT.defaultThreshold
    ) throws(PatternError) {
        try self.init(
            source: source, pcreSource: source, plan: .pcre2, isCacheable: isCacheable,
            isCombinable: isCombinable, alternativeCaptureCounts: nil, prefilterFacts: .init(),
            interruptible: interruptible, jitThreshold: jitThreshold)
    }

    /// Compiles a translated pattern with the shortcuts `shortcuts` allows of what its
    /// translation found (required literals and words for the prefilter; an exact literal, a
    /// line end, a class run or a leading run for the plan); `isCacheable` as above.
    public convenience init(
        translated: TranslatedPattern, isCacheable: Bool, shortcuts: SearchShortcuts = .all
    )
        throws(PatternError)
    {
        let facts =
            shortcuts.contains(.prefilter)
            ? PrefilterFacts(literals: translated.requiredLiterals, words: translated.requiredWords)
            : PrefilterFacts()
        let plan = SearchPlan.choose(for: translated, shortcuts: shortcuts)
        // Not before `\A` or `\G` (PCRE2 would no longer see such a pattern as anchored), nor
        // with `\K`, which moves the match start away from where the lookahead tested.
        let startLookahead =
            shortcuts.contains(.startLookahead) && !translated.usesAnchorA && !translated.usesAnchorG
                && !translated.usesMatchReset
            ? translated.matchStart : nil
        // The source with the run-start check, where it compiles; the plain one otherwise.
        let checked =
            shortcuts.contains(.runStartCheck)
            ? translated.runStartCheck?.applied(to: translated.source) : nil
        try self.init(
            source: checked ?? translated.source, pcreSource: checked ?? translated.source,
            uncheckedSource: checked == nil ? nil : translated.source, plan: plan, isCacheable: isCacheable,
            isCombinable: Pattern.isCombinable(translated), alternativeCaptureCounts: nil,
            prefilterFacts: facts, startLookahead: startLookahead,
            leadingLookbehind: shortcuts.contains(.leadingLookbehind) ? translated.leadingLookbehind : nil,
            jitThreshold: shortcuts.contains(.deferredJIT) ? DeferredJIT.defaultThreshold : 0)
    }

    /// A pattern run on Oniguruma itself: `source` in Oniguruma syntax, with its anchors
    /// already replaced for the variant (see `RegexSource`). It takes part in no search
    /// shortcut and no combined alternation; PCRE2 compiles only an empty placeholder, so that
    /// the prefilter, which reads PCRE2's compiled code, never skips it.
    convenience init(oniguruma source: String, isCacheable: Bool) throws(PatternError) {
        let regex = try OnigurumaRegex(source)
        try self.init(
            source: source, pcreSource: "(?:)", plan: .oniguruma(regex), isCacheable: isCacheable,
            isCombinable: false, alternativeCaptureCounts: nil, prefilterFacts: .init())
    }

    /// A combined alternation of patterns (`combining(_:)`): always a PCRE2 search.
    convenience init(combined source: String, isCacheable: Bool, alternativeCaptureCounts: [Int])
        throws(PatternError)
    {
        try self.init(
            source: source, pcreSource: source, plan: .pcre2, isCacheable: isCacheable, isCombinable: false,
            alternativeCaptureCounts: alternativeCaptureCounts, prefilterFacts: .init())
    }

    /// What the prefilter learns from the translation, beside PCRE2's own facts.
    struct PrefilterFacts {
        var literals: [[UInt8]] = []
        var words: [[UInt8]] = []
    }

    /// `uncheckedSource` is the translated source when `pcreSource` adds a `RunStartCheck` to
    /// it: compiled instead if the checked one does not compile, and the text the shortcuts
    /// that rewrite the source start from (the check only skips starts, so the rewrites, which
    /// choose their own starts, leave it out).
    private init(
        source: String, pcreSource: String, uncheckedSource: String? = nil, plan: SearchPlan,
        isCacheable: Bool, isCombinable: Bool,
        alternativeCaptureCounts: [Int]?, prefilterFacts: PrefilterFacts, startLookahead: MatchStart? = nil,
        leadingLookbehind: LeadingLookbehind? = nil, interruptible: Bool = false,
        jitThreshold: Int = DeferredJIT.defaultThreshold
    ) throws(PatternError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        // Interruptible patterns call back into `SearchDeadline` during a search.
        let options: UInt32 =
            UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_MULTILINE)
            | UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_NEVER_BACKSLASH_C)
            | (interruptible ? UInt32(PCRE2_AUTO_CALLOUT) : 0)
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
        func compile(_ source: String, anchored: Bool = false) -> OpaquePointer? {
            var utf8 = Array(source.utf8)
            utf8.append(0)
            return utf8.withUnsafeBufferPointer { buffer in
                pcre2_compile_8(
                    buffer.baseAddress, buffer.count - 1, options | (anchored ? UInt32(PCRE2_ANCHORED) : 0),
                    &errorCode, &errorOffset, context)
            }
        }
        var source = source
        var pcreSource = pcreSource
        var compiledOrNil = compile(pcreSource)
        if compiledOrNil == nil, let uncheckedSource {
            source = uncheckedSource
            pcreSource = uncheckedSource
            compiledOrNil = compile(uncheckedSource)
        }
        guard var compiled = compiledOrNil else {
            throw PatternError(message: Self.errorMessage(errorCode), offset: errorOffset)
        }
        let plainSource = uncheckedSource ?? pcreSource
        var plan = plan
        if case .leadingRunSkip(let skip) = plan,
            let search = AnchoredLeadingRunSearch(
                skip, jitThreshold: jitThreshold, compileAnchored: { compile(pcreSource, anchored: true) })
        {
            plan = .anchoredLeadingRun(search)
        }
        if let leadingLookbehind, case .pcre2 = plan,
            let search = LeadingLookbehindSearch(
                leadingLookbehind, source: plainSource, jitThreshold: jitThreshold, compile: { compile($0) })
        {
            plan = .leadingLookbehind(search)
        }
        // Compiled again with the lookahead only where PCRE2 found no start of its own, and only
        // for a search PCRE2 runs from the start.
        if let startLookahead, case .pcre2 = plan, !StartLookahead.hasLineAnchor(plainSource),
            StartLookahead.isNeeded(for: compiled),
            let lookahead = StartLookahead.source(for: startLookahead),
            let withLookahead = compile(lookahead + "(?:" + pcreSource + ")")
        {
            pcre2_code_free_8(compiled)
            compiled = withLookahead
            hasStartLookahead = true
        } else {
            hasStartLookahead = false
        }
        var count: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        if case .oniguruma(let regex) = plan { count = UInt32(regex.captureCount) }
        self.source = source
        self.code = compiled
        self.plan = plan.usable(captureCount: Int(count))
        self.captureCount = Int(count)
        self.isCacheable = isCacheable
        self.alternativeCaptureCounts = alternativeCaptureCounts
        self.isCombinable = isCombinable && alternativeCaptureCounts == nil
        self.prefilter = .allocate(capacity: 1)
        prefilter.initialize(
            to: SearchPrefilter(
                code: compiled, source: plainSource, requiredLiterals: prefilterFacts.literals,
                requiredWords: prefilterFacts.words))
        // A JIT failure (say, out of memory for a huge pattern) leaves the interpreter in charge.
        self.jit = DeferredJIT(compiled, threshold: jitThreshold)
        self.uid = Self.ids.take()
    }

    deinit {
        Self.ids.give(uid)
        pcre2_code_free_8(code)
        prefilter.deinitialize(count: 1)
        prefilter.deallocate()
    }

    /// PCRE2's text for an error code.
    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }

    /// A pattern that never matches, standing in for one that failed to translate or compile.
    public static let never: Pattern = {
        do {
            return try Pattern("(?!)")
        } catch {
            preconditionFailure("(?!) must compile: \(error)")
        }
    }()
}
