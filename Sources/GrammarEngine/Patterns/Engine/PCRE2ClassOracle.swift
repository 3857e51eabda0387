import Foundation
import RegexTranslation

/// Answers the translator's questions about character classes with PCRE2 itself, compiled with
/// the options every pattern uses, so that a class means to the answer exactly what it means to
/// the search.
///
/// The engine asks it too, for the ASCII members of a class (`ClassRunSearch`,
/// `LeadingRunSkip`). Shared by every grammar: the same few classes (identifier characters,
/// spaces) come up in hundreds of patterns, so compiled classes and answers are kept, behind a
/// lock since grammars compile patterns on whichever thread first needs them; and one
/// workspace serves every question (a workspace per pattern was a large share of a grammar's
/// first use, most of it its tables' first pages).
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
    private var asciiMasks: [String: (UInt64, UInt64)?] = [:]
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

    /// The ASCII members of the one-class pattern `classSource`, as a mask (bit `b` of the
    /// first word for b < 64, of the second for the rest); nil when the class does not compile.
    func asciiMembers(_ classSource: String) -> (UInt64, UInt64)? {
        lock.lock()
        defer { lock.unlock() }
        if let known = asciiMasks[classSource] { return known }
        var mask: (UInt64, UInt64)?
        if let compiled = compiled(classSource) {
            var members: (UInt64, UInt64) = (0, 0)
            for byte in UInt8(0)..<0x80 {
                let found = [byte].withUnsafeBufferPointer { subject in
                    compiled.firstMatch(in: subject, from: 0, workspace: workspace)
                }
                guard let found, found.start == 0, found.end == 1 else { continue }
                ClassRunSearch.insert(byte, into: &members)
            }
            mask = members
        }
        if asciiMasks.count >= 1024 { asciiMasks.removeAll() }
        asciiMasks[classSource] = mask
        return mask
    }

    // The class compiled, kept; the caller holds the lock.
    private func compiled(_ classSource: String) -> Pattern? {
        if let known = classes[classSource] { return known }
        let compiled = try? Pattern(classSource)
        if classes.count >= 1024 { classes.removeAll() }
        classes[classSource] = compiled
        return compiled
    }

    private func compute(_ question: Question) -> Bool {
        // A class PCRE2 cannot compile has no answer: keep the pattern as it was.
        guard let compiled = compiled(question.classSource) else { return false }
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
