import CPCRE2
import GrammarEngine
import RegexTranslation

/// Compiles PCRE2 patterns with the options the daemon uses, and runs one search, so tests can
/// check what a translation matches.
final class PCRE2Probe {
    /// The compiled pattern.
    private let code: OpaquePointer

    /// The options highlightd compiles with (TEXTMATE.md section 3).
    static let compileOptions = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_MULTILINE | PCRE2_NO_UTF_CHECK)

    /// Compiles PCRE2 `source`, or throws PCRE2's message and offset.
    init(pcre2 source: String) throws(PCRE2CompileError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
        pcre2_set_compile_extra_options_8(context, 0)
        let compiled = source.withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: source.utf8.count + 1) { bytes in
                pcre2_compile_8(
                    bytes, cpcre2_zero_terminated(), Self.compileOptions | UInt32(PCRE2_NEVER_BACKSLASH_C),
                    &errorCode, &errorOffset, context)
            }
        }
        guard let compiled else {
            var buffer = [UInt8](repeating: 0, count: 256)
            _ = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
            let message = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            throw PCRE2CompileError(message: message, offset: errorOffset, source: source)
        }
        pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        code = compiled
    }

    /// Translates Oniguruma `pattern` and compiles the result.
    convenience init(onig pattern: String, options: TranslationOptions = .init()) throws {
        let translated = try OnigurumaTranslator.translate(pattern, options: options)
        try self.init(pcre2: translated.source)
    }

    deinit { pcre2_code_free_8(code) }

    /// The groups of the first match at or after `start` (nil for unset groups), or nil.
    func firstMatch(in subject: String, from start: Int = 0) -> [String?]? {
        let matchData = pcre2_match_data_create_from_pattern_8(code, nil)
        defer { pcre2_match_data_free_8(matchData) }
        let bytes = Array(subject.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            pcre2_match_8(code, buffer.baseAddress, buffer.count, start, 0, matchData, nil)
        }
        guard result > 0, let vector = pcre2_get_ovector_pointer_8(matchData) else { return nil }
        var groupCount: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_CAPTURECOUNT), &groupCount)
        return (0...Int(groupCount)).map { index in
            let low = vector[2 * index]
            let high = vector[2 * index + 1]
            guard low != cpcre2_unset(), low <= high else { return nil }
            return String(decoding: bytes[low..<high], as: UTF8.self)
        }
    }

    /// The whole match at or after `start`, or nil.
    func matchedText(in subject: String, from start: Int = 0) -> String? {
        firstMatch(in: subject, from: start)?.first ?? nil
    }
}

/// PCRE2 refused a pattern.
struct PCRE2CompileError: Error, CustomStringConvertible {
    /// PCRE2's message.
    var message: String
    /// The offset PCRE2 reports.
    var offset: Int
    /// The PCRE2 source.
    var source: String

    var description: String { "PCRE2: \(message) at \(offset) in \(source)" }
}
