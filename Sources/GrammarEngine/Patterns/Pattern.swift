import CPCRE2
import RegexTranslation
import Synchronization

/// A compiled PCRE2 pattern: UTF, UCP, MULTILINE, LF newlines, JIT with interpreter fallback.
///
/// The compiled code is read-only after compilation, so one `Pattern` is shared by every
/// thread; the mutable match state (match data, JIT stack, search cache) lives in the
/// per-thread `MatchWorkspace`.
public final class Pattern: @unchecked Sendable {
    /// The PCRE2 source.
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
    /// Whether the JIT compiled the pattern; otherwise the interpreter runs it.
    public let isJITCompiled: Bool
    // Bytes a match needs, checked before calling PCRE2; kept out of line so that the scan's
    // slots stay small enough to copy without a call to memmove.
    let prefilter: UnsafeMutablePointer<SearchPrefilter>
    /// The bytes the pattern matches when it is only a literal string, found without PCRE2
    /// (`TranslatedPattern.exactLiteral`); nil otherwise.
    let exactLiteral: [UInt8]?
    /// Whether the pattern matches only the empty string at a line's end
    /// (`TranslatedPattern.matchesOnlyLineEnds`), found without PCRE2.
    let matchesOnlyLineEnds: Bool
    /// The pattern's class run, found without PCRE2 on ASCII text (`ClassRunSearch`); nil
    /// when the pattern is no such run.
    let classRun: ClassRunSearch?
    /// Where searches may start when every match begins with a run and a byte
    /// (`LeadingRunSkip`); nil otherwise.
    let leadingRun: LeadingRunSkip?
    /// The Oniguruma regex that runs instead of PCRE2, for a pattern PCRE2 cannot run
    /// (``init(oniguruma:isCacheable:)``); nil for every other pattern.
    let oniguruma: OnigurumaRegex?
    // Index into the per-thread search cache.
    let uid: Int
    let code: OpaquePointer

    private static let ids = RecycledIDs()

    /// Compiles `source`; `isCacheable` says whether search results may be reused within a line,
    /// `requiredLiterals` are strings of which every match holds one (see
    /// `TranslatedPattern.requiredLiterals`), used to skip searches, and `exactLiteral` the
    /// bytes that `source` matches when it is only a case-sensitive literal string, which
    /// searches then look for themselves, and `matchesOnlyLineEnds` whether it matches only
    /// the empty string at a line's end (the caller vouches for both; the source is still
    /// compiled, for `source`'s other users). `interruptible` patterns stop at the deadline a
    /// workspace has installed (`SearchDeadline`), at some cost per search.
    public convenience init(
        _ source: String, isCacheable: Bool = true, isCombinable: Bool = true,
        alternativeCaptureCounts: [Int]? = nil, requiredLiterals: [[UInt8]] = [],
        exactLiteral: [UInt8]? = nil, matchesOnlyLineEnds: Bool = false,
        requiredWords: [[UInt8]] = [], classRun: ClassRun? = nil, leadingRun: LeadingRun? = nil,
        interruptible: Bool = false
    ) throws(PatternError) {
        try self.init(
            source, pcreSource: source, oniguruma: nil, isCacheable: isCacheable, isCombinable: isCombinable,
            alternativeCaptureCounts: alternativeCaptureCounts, requiredLiterals: requiredLiterals,
            exactLiteral: exactLiteral, matchesOnlyLineEnds: matchesOnlyLineEnds,
            requiredWords: requiredWords,
            classRun: classRun, leadingRun: leadingRun, interruptible: interruptible)
    }

    /// A pattern run on Oniguruma itself: `source` in Oniguruma syntax, with its anchors
    /// already replaced for the variant (see `RegexSource`). It takes part in no search
    /// shortcut and no combined alternation; PCRE2 compiles only an empty placeholder, so that
    /// the prefilter, which reads PCRE2's compiled code, never skips it.
    convenience init(oniguruma source: String, isCacheable: Bool) throws(PatternError) {
        let regex = try OnigurumaRegex(source)
        try self.init(
            source, pcreSource: "(?:)", oniguruma: regex, isCacheable: isCacheable, isCombinable: false,
            alternativeCaptureCounts: nil, requiredLiterals: [], exactLiteral: nil,
            matchesOnlyLineEnds: false,
            requiredWords: [], classRun: nil, leadingRun: nil, interruptible: false)
    }

    private init(
        _ source: String, pcreSource: String, oniguruma: OnigurumaRegex?, isCacheable: Bool,
        isCombinable: Bool,
        alternativeCaptureCounts: [Int]?, requiredLiterals: [[UInt8]], exactLiteral: [UInt8]?,
        matchesOnlyLineEnds: Bool, requiredWords: [[UInt8]], classRun: ClassRun?, leadingRun: LeadingRun?,
        interruptible: Bool
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
        var utf8 = Array(pcreSource.utf8)
        utf8.append(0)
        let compiled = utf8.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(
                buffer.baseAddress, buffer.count - 1, options, &errorCode, &errorOffset, context)
        }
        guard let compiled else {
            throw PatternError(message: Self.errorMessage(errorCode), offset: errorOffset)
        }
        var count: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        if let oniguruma { count = UInt32(oniguruma.captureCount) }
        self.source = source
        self.code = compiled
        self.oniguruma = oniguruma
        self.captureCount = Int(count)
        self.isCacheable = isCacheable
        self.exactLiteral = exactLiteral.flatMap { $0.isEmpty || alternativeCaptureCounts != nil ? nil : $0 }
        self.matchesOnlyLineEnds = matchesOnlyLineEnds && alternativeCaptureCounts == nil && count == 0
        self.classRun = alternativeCaptureCounts == nil ? classRun.flatMap(ClassRunSearch.init) : nil
        self.leadingRun = alternativeCaptureCounts == nil ? leadingRun.flatMap(LeadingRunSkip.init) : nil
        self.alternativeCaptureCounts = alternativeCaptureCounts
        self.isCombinable = isCombinable && alternativeCaptureCounts == nil
        self.prefilter = .allocate(capacity: 1)
        prefilter.initialize(
            to: SearchPrefilter(
                code: compiled, source: pcreSource, requiredLiterals: requiredLiterals,
                requiredWords: requiredWords))
        // A JIT failure (say, out of memory for a huge pattern) leaves the interpreter in charge.
        self.isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
        self.uid = Self.ids.take()
    }

    /// Compiles a translated pattern with everything its translation says about it (required
    /// literals and words, an exact literal, a line end, a class run, a leading run);
    /// `isCacheable` as above.
    public convenience init(translated: TranslatedPattern, isCacheable: Bool) throws(PatternError) {
        try self.init(
            translated.source, isCacheable: isCacheable, isCombinable: Pattern.isCombinable(translated),
            requiredLiterals: translated.requiredLiterals, exactLiteral: translated.exactLiteral,
            matchesOnlyLineEnds: translated.matchesOnlyLineEnds,
            requiredWords: translated.requiredWords, classRun: translated.classRun,
            leadingRun: translated.leadingRun)
    }

    deinit {
        Self.ids.give(uid)
        pcre2_code_free_8(code)
        prefilter.pointee.literals.deallocate()
        prefilter.pointee.words.deallocate()
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
