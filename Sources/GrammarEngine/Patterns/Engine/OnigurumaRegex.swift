import COniguruma

/// A pattern run on Oniguruma itself (6.9.8, the engine VS Code's grammars are written for),
/// for the few grammar patterns PCRE2 cannot run: unbounded look-behinds (`(?<=^\s*)`),
/// captures or back-references inside look-behinds, and patterns past PCRE2's compiled-size
/// limit.
///
/// Compiled as vscode-oniguruma compiles: UTF-8, Oniguruma syntax, capture groups numbered
/// even beside named ones. The compiled regex is only read by searches, so one instance serves
/// every thread; each search brings its own region. Every search is bounded by retry limits,
/// so a hostile pattern ends in "no match" rather than running on.
final class OnigurumaRegex: @unchecked Sendable {
    /// The number of capturing groups (group 0 not counted).
    let captureCount: Int
    private let regex: OnigRegex

    /// Backtracking steps allowed in one match attempt, and in one whole search.
    static let retryLimitInMatch: UInt = 2_000_000
    static let retryLimitInSearch: UInt = 20_000_000

    private static let initialized: Bool = {
        var encodings: [OnigEncoding?] = [highlightd_onig_utf8()]
        return onig_initialize(&encodings, 1) == ONIG_NORMAL
    }()

    /// Compiles `source` (Oniguruma syntax).
    init(_ source: String) throws(PatternError) {
        guard Self.initialized else {
            throw PatternError(message: "Oniguruma failed to initialize", offset: 0)
        }
        var compiled: OnigRegex?
        var info = OnigErrorInfo()
        let bytes = Array(source.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return onig_new(
                &compiled, base, base + buffer.count, OnigOptionType(ONIG_OPTION_CAPTURE_GROUP),
                highlightd_onig_utf8(), highlightd_onig_syntax(), &info)
        }
        guard status == ONIG_NORMAL, let compiled else {
            throw PatternError(message: "Oniguruma: \(Self.message(status, info: &info))", offset: 0)
        }
        regex = compiled
        captureCount = Int(onig_number_of_captures(compiled))
    }

    deinit {
        onig_free(regex)
    }

    /// Searches `subject[..<length]` from `start`; on a match writes every group's start and
    /// end into `offsets` (two per group, -1 for a group that did not take part) and returns
    /// true. `offsets` must hold `2 * (captureCount + 1)` values.
    func search(
        _ subject: UnsafePointer<UInt8>, length: Int, from start: Int, into offsets: UnsafeMutablePointer<Int>
    ) -> Bool {
        guard let region = onig_region_new() else { return false }
        defer { onig_region_free(region, 1) }
        guard let parameters = onig_new_match_param() else { return false }
        defer { onig_free_match_param(parameters) }
        onig_initialize_match_param(parameters)
        onig_set_retry_limit_in_match_of_match_param(parameters, Self.retryLimitInMatch)
        onig_set_retry_limit_in_search_of_match_param(parameters, Self.retryLimitInSearch)
        let end = subject + length
        let found = onig_search_with_param(
            regex, subject, end, subject + start, end, region, OnigOptionType(ONIG_OPTION_NONE), parameters)
        guard found >= 0 else { return false }
        let groups = min(Int(region.pointee.num_regs), captureCount + 1)
        for group in 0...captureCount {
            if group < groups {
                offsets[2 * group] = Int(region.pointee.beg[group])
                offsets[2 * group + 1] = Int(region.pointee.end[group])
            } else {
                offsets[2 * group] = -1
                offsets[2 * group + 1] = -1
            }
        }
        return true
    }

    private static func message(_ status: Int32, info: inout OnigErrorInfo) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(ONIG_MAX_ERROR_MESSAGE_LEN))
        let length = withUnsafeMutablePointer(to: &info) { pointer in
            buffer.withUnsafeMutableBufferPointer { out in
                highlightd_onig_error_text(out.baseAddress, status, pointer)
            }
        }
        return String(decoding: buffer.prefix(Int(max(0, length))), as: UTF8.self)
    }
}
