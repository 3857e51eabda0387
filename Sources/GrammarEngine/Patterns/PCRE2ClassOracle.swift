import Foundation
import RegexTranslation

/// Answers the translator's questions about character classes with PCRE2 itself, compiled with
/// the options every pattern uses, so that a class means to the answer exactly what it means to
/// the search.
///
/// Shared by every grammar: the same few classes (identifier characters, spaces) come up in
/// hundreds of patterns, so compiled classes and answers are kept, behind a lock since grammars
/// compile patterns on whichever thread first needs them.
public final class PCRE2ClassOracle: CharacterClassOracle, @unchecked Sendable {
    /// The oracle every grammar shares.
    public static let shared = PCRE2ClassOracle()

    private struct Question: Hashable {
        var classSource: String
        var scalars: [UInt32]
    }

    private let lock = NSLock()
    private var classes: [String: Pattern?] = [:]
    private var answers: [Question: Bool] = [:]
    // Its own workspace: a pattern may be compiled in the middle of a scan, whose thread's
    // workspace holds the scan's groups.
    private let workspace = MatchWorkspace()

    public func excludes(_ classSource: String, all scalars: [UInt32]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let question = Question(classSource: classSource, scalars: scalars)
        if let known = answers[question] { return known }
        let answer = compute(question)
        // Bounded: a grammar cannot grow the table without limit.
        if answers.count >= 4096 { answers.removeAll() }
        answers[question] = answer
        return answer
    }

    private func compute(_ question: Question) -> Bool {
        let compiled: Pattern?
        if let known = classes[question.classSource] {
            compiled = known
        } else {
            compiled = try? Pattern(question.classSource)
            if classes.count >= 1024 { classes.removeAll() }
            classes[question.classSource] = compiled
        }
        // A class PCRE2 cannot compile has no answer: keep the pattern as it was.
        guard let compiled else { return false }
        for scalar in question.scalars {
            // Not a scalar (a surrogate or out of range): the class cannot be asked about it.
            guard let unicode = Unicode.Scalar(scalar) else { return false }
            let bytes = Array(String(Character(unicode)).utf8)
            let matched = bytes.withUnsafeBufferPointer { subject in
                compiled.firstMatch(in: subject, from: 0, workspace: workspace).map { $0.start == 0 } ?? false
            }
            if matched { return false }
        }
        return true
    }
}
