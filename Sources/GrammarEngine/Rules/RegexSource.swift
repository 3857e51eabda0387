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
    /// The compiled variants, each published once (the first of threads compiling it at once
    /// wins) and read without a lock.
    /// A source without anchors compiles once, as the variant with none allowed.
    private let variants = AnchorVariants<Pattern>()

    init(_ raw: String, rulePath: String) {
        // Byte by byte: a backslash and the letters it escapes here are ASCII, and whatever
        // follows a backslash is skipped with it, as one escape. Most patterns have no `\z`
        // and keep their text as it is.
        var hasAnchor = false
        var rewritten: [UInt8] = []
        var copiedUpTo = 0
        let bytes = Array(raw.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "z"):
                rewritten.append(contentsOf: bytes[copiedUpTo..<index])
                rewritten.append(contentsOf: "$(?!\\n)(?<!\\n)".utf8)
                copiedUpTo = index + 2
            case UInt8(ascii: "A"), UInt8(ascii: "G"):
                hasAnchor = true
            default:
                break
            }
            index += 2
        }
        if copiedUpTo > 0 {
            rewritten.append(contentsOf: bytes[copiedUpTo...])
            self.source = String(decoding: rewritten, as: UTF8.self)
        } else {
            self.source = raw
        }
        self.hasAnchor = hasAnchor
        self.hasBackReferences = Self.containsBackReference(source)
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

    /// The slot a variant's compiled pattern is kept in.
    @inline(__always)
    private func slot(_ anchors: Anchors) -> Anchors {
        hasAnchor ? anchors : Anchors(allowA: false, allowG: false)
    }

    /// The compiled pattern for a variant, if any.
    func compiled(_ anchors: Anchors) -> Pattern? {
        variants.object(slot(anchors))
    }

    /// The compiled pattern for a variant, unowned (the source keeps it alive), if compiled.
    @inline(__always)
    func unownedCompiled(_ anchors: Anchors) -> Unowned<Pattern>? {
        variants.unowned(slot(anchors))
    }

    /// Publishes the compiled pattern for a variant; the first one published wins.
    func publish(_ pattern: Pattern, for anchors: Anchors) -> Pattern {
        variants.publish(pattern, for: slot(anchors))
    }
}
