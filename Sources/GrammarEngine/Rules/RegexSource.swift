import Synchronization

/// One rule's regex as vscode-textmate's `RegExpSource` prepares it, with its compiled
/// anchor variants.
///
/// `\z` is rewritten to `$(?!\n)(?<!\n)` at load (it never matches on a full line, which ends in
/// `\n`, but does at the end of a retokenized capture); `\A` and `\G` make the source compile in
/// up to four variants (A0/A1 × G0/G1).
final class RegexSource: @unchecked Sendable {
    /// The source after the `\z` rewrite.
    let source: String
    /// The source contains `\A` or `\G`.
    let hasAnchor: Bool
    /// The source contains `\N` back-references to the begin match (end and while only).
    let hasBackReferences: Bool
    /// Where the pattern came from, for diagnostics.
    let rulePath: String
    // Compiled variants, indexed by `variantIndex`: written once under the grammar's lock and
    // read without it.
    let variant0 = PublishedReference<Pattern>()
    let variant1 = PublishedReference<Pattern>()
    let variant2 = PublishedReference<Pattern>()
    let variant3 = PublishedReference<Pattern>()

    init(_ raw: String, rulePath: String) {
        var output = ""
        var hasAnchor = false
        var scalars = Array(raw.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                output.unicodeScalars.append(scalar)
                continue
            }
            scalars.removeFirst()
            if next == "z" {
                output += "$(?!\\n)(?<!\\n)"
                continue
            }
            if next == "A" || next == "G" { hasAnchor = true }
            output.unicodeScalars.append(scalar)
            output.unicodeScalars.append(next)
        }
        self.source = output
        self.hasAnchor = hasAnchor
        self.hasBackReferences = Self.containsBackReference(output)
        self.rulePath = rulePath
    }

    /// A source whose back-references are already resolved; it keeps the anchor facts.
    init(resolved: String, hasAnchor: Bool, rulePath: String) {
        self.source = resolved
        self.hasAnchor = hasAnchor
        self.hasBackReferences = false
        self.rulePath = rulePath
    }

    static func containsBackReference(_ source: String) -> Bool {
        var previousWasBackslash = false
        for byte in source.utf8 {
            if previousWasBackslash, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return true }
            previousWasBackslash = byte == UInt8(ascii: "\\")
        }
        return false
    }

    /// The compiled pattern for a variant, if any.
    func compiled(allowA: Bool, allowG: Bool) -> Pattern? {
        unretainedCompiled(allowA: allowA, allowG: allowG)?.takeUnretainedValue()
    }

    /// The compiled pattern for a variant without taking a reference (the source keeps it
    /// alive), if compiled.
    func unretainedCompiled(allowA: Bool, allowG: Bool) -> Unmanaged<Pattern>? {
        switch hasAnchor ? Self.variantIndex(allowA: allowA, allowG: allowG) : 0 {
        case 0: return variant0.loadUnretained()
        case 1: return variant1.loadUnretained()
        case 2: return variant2.loadUnretained()
        default: return variant3.loadUnretained()
        }
    }

    /// Publishes the compiled pattern for a variant; the first one published wins.
    func publish(_ pattern: Pattern, allowA: Bool, allowG: Bool) -> Pattern {
        switch hasAnchor ? Self.variantIndex(allowA: allowA, allowG: allowG) : 0 {
        case 0: return variant0.storeIfNil(pattern)
        case 1: return variant1.storeIfNil(pattern)
        case 2: return variant2.storeIfNil(pattern)
        default: return variant3.storeIfNil(pattern)
        }
    }

    static func variantIndex(allowA: Bool, allowG: Bool) -> Int {
        (allowA ? 1 : 0) + (allowG ? 2 : 0)
    }
}
