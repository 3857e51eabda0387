import Foundation
import FuzzSupport
import GrammarEngine

/// Grammar files (JSON, plist or YAML, chosen by the first byte) loaded, compiled and run over
/// a few lines: a broken rule must be reported and disabled, never trap or hang the process.
///
/// The input is `format byte, grammar bytes, 0x00, text bytes`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrammar(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let body = bytes.dropFirst()
    let split = body.firstIndex(of: 0) ?? body.endIndex
    let format: RawValue.Format = [.json, .plist, .yaml][Int(first) % 3]
    guard let value = try? RawValue.parse(Data(body[..<split]), format: format),
        let raw = try? RawGrammar(value)
    else { return 0 }
    var configuration = Grammar.Configuration()
    configuration.lineTimeBudget = .milliseconds(50)
    configuration.combinesPatterns = first & 0x80 != 0
    let registry = GrammarRegistry(configuration: configuration)
    registry.register(raw)
    guard let grammar = try? registry.grammar(scopeName: raw.scopeName) else { return 0 }
    let text =
        split < body.endIndex ? String(decoding: body[(split + 1)...], as: UTF8.self) : "a \"b\" 1 // c\n"
    var state: RuleStack? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(16) {
        let result = grammar.tokenizeLine(String(line) + "\n", state: state)
        state = result.endState
        var previous = 0
        for token in result.tokens {
            if token.start < previous { fatalError("tokens out of order") }
            previous = token.start
        }
    }
    return 0
}
