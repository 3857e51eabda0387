import GrammarEngine
import RegexTranslation

/// The Oniguruma→PCRE2 translator on arbitrary patterns, then PCRE2 compiling and running what
/// it emits (with the engine's match limit): never a trap, never a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranslator(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let options = TranslationOptions(
        allowAnchorA: first & 1 != 0, allowAnchorG: first & 2 != 0, rewriteEndAnchor: first & 4 != 0,
        exactWordBoundaries: first & 8 != 0)
    let pattern = String(decoding: bytes.dropFirst(), as: UTF8.self)
    guard let translated = try? OnigurumaTranslator.translate(pattern, options: options),
        let compiled = try? Pattern(translated.source)
    else { return 0 }
    let subjects = ["", "abc 123 é😀\n", pattern, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"]
    for subject in subjects {
        let utf8 = Array(subject.utf8)
        utf8.withUnsafeBufferPointer { buffer in
            var position = 0
            // Walk the matches, as the tokenizer does, guarding against empty matches.
            for _ in 0..<8 where position <= buffer.count {
                guard let match = compiled.firstMatch(in: buffer, from: position) else { break }
                // Past an empty match, the next scalar (as the tokenizer's callers do).
                position = max(match.end, position + 1)
                while position < buffer.count, buffer[position] & 0xC0 == 0x80 { position += 1 }
            }
        }
    }
    return 0
}
