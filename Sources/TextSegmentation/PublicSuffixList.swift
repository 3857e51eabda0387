import CPSL

/// The Public Suffix List as libpsl loads it: the system's newest list (Debian's
/// `publicsuffix` package), else the copy built into libpsl.
///
/// Lookups only read the loaded list, so one instance is safely shared between threads.
public final class PublicSuffixList: @unchecked Sendable {
    // libpsl's context; nil only when neither the system list nor a built-in one exists, in
    // which case no suffix is public and bare domains are never detected.
    private let context: OpaquePointer?
    // psl_builtin()'s context is static and must not be freed.
    private let ownsContext: Bool
    // Answers for short labels, which code asks about over and over.
    private let memo = SuffixMemo()

    /// The list every detector uses unless given another.
    public static let shared = PublicSuffixList()

    /// Loads the newest list libpsl knows of (the system file or its built-in data).
    public init() {
        if let latest = PSL.latest(nil) {
            context = latest
            ownsContext = true
        } else {
            context = PSL.builtin()
            ownsContext = false
        }
    }

    /// Loads a list from a PSL file (`.dat` or DAFSA); nil when it cannot be read.
    public init?(path: String) {
        guard let loaded = PSL.loadFile(path) else { return nil }
        context = loaded
        ownsContext = true
    }

    deinit {
        if ownsContext, let context {
            PSL.free(context)
        }
    }

    /// Whether `suffix` (lowercase, UTF-8 or punycode, without a leading dot) is an explicitly
    /// listed public suffix, ICANN or private. The list's implicit `*` rule does not count, so
    /// an unknown label such as `invalid` is not a public suffix.
    public func isPublicSuffix(_ suffix: String) -> Bool {
        guard let context else { return false }
        return PSL.isPublicSuffix2(context, suffix, PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0
    }

    /// ``isPublicSuffix(_:)`` for an ASCII label in any case, remembering answers for short
    /// ones.
    func isPublicSuffix(asciiLabel label: UnsafeBufferPointer<UInt8>) -> Bool {
        let lowercased = label.lazy.map(ASCII.lowercased)
        guard let key = SuffixMemo.key(lowercased) else {
            return isPublicSuffix(String(decoding: Array(lowercased), as: UTF8.self))
        }
        if let known = memo.answer(for: key) { return known }
        let answer = isPublicSuffix(String(decoding: Array(lowercased), as: UTF8.self))
        memo.remember(answer, for: key)
        return answer
    }
}
