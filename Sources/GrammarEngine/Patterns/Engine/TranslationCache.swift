import CPCRE2
import Foundation
import RegexTranslation
import Synchronization

/// Translations of Oniguruma patterns to PCRE2 kept on disk between runs of a one-shot
/// command, one file per grammar.
///
/// A `highlight` run translates every pattern its file meets before compiling it: on jQuery,
/// 135 translations took 4 to 5 ms of CPU, a tenth of the run. A translation is a pure
/// function of the pattern's text, its anchor variant, whether possessive rewriting is on, the
/// translator's code and the PCRE2 that answers its questions about classes; the first three
/// make the key, and the rest is the `identity` written at the head of every file (the
/// caller's bytes for the program, such as its executable file's device, inode, size and
/// modification time, then PCRE2's versions): a file another build wrote is not read, and is
/// replaced when this one saves. A file that cannot be read or does not parse counts as empty.
/// The folder is the user's own, and what is in it is trusted as the user's grammars are.
///
/// Safe from any thread. A grammar's file is read under the lock the first time the grammar
/// asks (so that two threads do not both read it) and written by `save()`, through a
/// temporary file renamed over the old one, so a reader sees a whole file or none.
public final class TranslationCache: Sendable {
    /// What a translation depends on besides the translator.
    public struct Key: Hashable, Sendable {
        /// The Oniguruma source of the variant translated.
        public var source: String
        /// Whether `\A` may match in this variant (the search starts at the line's start).
        public var allowsAnchorA: Bool
        /// Whether `\G` may match in this variant (the search starts where the last ended).
        public var allowsAnchorG: Bool
        /// Whether greedy repetitions that never give back were rewritten possessive.
        public var rewritesPossessively: Bool

        /// Creates a key.
        public init(source: String, allowsAnchorA: Bool, allowsAnchorG: Bool, rewritesPossessively: Bool) {
            self.source = source
            self.allowsAnchorA = allowsAnchorA
            self.allowsAnchorG = allowsAnchorG
            self.rewritesPossessively = rewritesPossessively
        }
    }

    /// One grammar's translations, and whether this run added any.
    private struct Table {
        var entries: [Key: TranslatedPattern] = [:]
        var added = 0
    }

    /// The folder of the files.
    public let directory: URL
    private let identity: [UInt8]
    private let tables = Mutex<[String: Table]>([:])

    /// The first bytes of every file, and the layout's version: a file with other ones is not
    /// read.
    static let magic = Array("highlightd translations 5\n".utf8)
    /// Files larger than this are not read (a grammar's patterns take tens of kilobytes).
    static let largestFile = 16 << 20
    /// The most translations one file keeps; a table that reaches it starts over.
    static let mostEntries = 8_192

    /// A cache in `directory` for the program `identity` names (bytes that change whenever the
    /// translator's code may have). The PCRE2 library's version and Unicode version are added
    /// to it: the possessive rewrite asks PCRE2 what classes hold, so a translation is only
    /// good with the library that answered.
    public init(directory: URL, identity: [UInt8]) {
        self.directory = directory
        self.identity = identity + Self.libraryIdentity
    }

    /// PCRE2's version and Unicode version, as it reports them (`pcre2_config`).
    static let libraryIdentity: [UInt8] = {
        var bytes: [UInt8] = []
        for item in [PCRE2_CONFIG_VERSION, PCRE2_CONFIG_UNICODE_VERSION] {
            var text = [UInt8](repeating: 0, count: 64)
            let written = text.withUnsafeMutableBytes { pcre2_config_8(UInt32(item), $0.baseAddress) }
            // The length in code units, the terminating zero included; negative on an error.
            let length = written > 0 ? min(Int(written) - 1, text.count) : 0
            bytes += text[..<length] + [0]
        }
        return bytes
    }()

    /// The translation stored for `key` in `grammar`'s file, if any.
    public func translation(for key: Key, grammar: String) -> TranslatedPattern? {
        tables.withLock { tables in
            if tables[grammar] == nil { tables[grammar] = Table(entries: read(grammar)) }
            return tables[grammar]?.entries[key]
        }
    }

    /// Keeps `translation` for `key` in `grammar`'s file at the next `save()`.
    public func store(_ translation: TranslatedPattern, for key: Key, grammar: String) {
        tables.withLock { tables in
            if tables[grammar] == nil { tables[grammar] = Table(entries: read(grammar)) }
            if tables[grammar]!.entries.count >= Self.mostEntries { tables[grammar]!.entries = [:] }
            guard tables[grammar]!.entries.updateValue(translation, forKey: key) == nil else { return }
            tables[grammar]!.added += 1
        }
    }

    /// How many translations this run added that no file held (for tests and measurements).
    public var addedTranslations: Int {
        tables.withLock { $0.values.reduce(0) { $0 + $1.added } }
    }

    /// Writes the files of the grammars that gained translations. Failures (a read-only or
    /// full disk) leave the cache as it was: it only saves time.
    public func save() {
        let changed = tables.withLock { tables in
            tables.filter { $0.value.added > 0 }
        }
        guard !changed.isEmpty else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (grammar, table) in changed {
            let file = url(of: grammar)
            let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
            do {
                try Data(encode(table.entries)).write(to: temporary)
                if rename(temporary.path, file.path) != 0 {
                    try? FileManager.default.removeItem(at: temporary)
                }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
            }
        }
        tables.withLock { tables in
            for grammar in changed.keys { tables[grammar]?.added = 0 }
        }
    }

    /// The file of `grammar`: its scope name with anything but letters, digits, `.`, `-` and
    /// `_` spelled as `%XX`, so that no name reaches outside the folder.
    func url(of grammar: String) -> URL {
        var name = ""
        for byte in grammar.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where !name.isEmpty:
                name.append(".")
            default:
                name += String(format: "%%%02X", byte)
            }
        }
        return directory.appendingPathComponent((name.isEmpty ? "%" : name) + ".translations")
    }

    private func read(_ grammar: String) -> [Key: TranslatedPattern] {
        guard let data = try? Data(contentsOf: url(of: grammar), options: .mappedIfSafe),
            data.count <= Self.largestFile
        else { return [:] }
        return data.withUnsafeBytes { decode($0) } ?? [:]
    }

    /// The file's bytes: the magic, the identity, the count, then each key and translation.
    func encode(_ entries: [Key: TranslatedPattern]) -> [UInt8] {
        var writer = ByteWriter(output: Self.magic)
        writer.bytes(identity)
        writer.integer(entries.count)
        for (key, translation) in entries {
            writer.string(key.source)
            writer.flag(key.allowsAnchorA)
            writer.flag(key.allowsAnchorG)
            writer.flag(key.rewritesPossessively)
            translation.encode(into: &writer)
        }
        return writer.output
    }

    /// The entries of a file's bytes, or nil when another program wrote them or they do not
    /// parse to the end.
    func decode(_ bytes: UnsafeRawBufferPointer) -> [Key: TranslatedPattern]? {
        guard bytes.count >= Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else {
            return nil
        }
        var reader = ByteReader(bytes: bytes, offset: Self.magic.count)
        guard reader.bytes() == identity, let count = reader.integer(), count >= 0, count <= Self.mostEntries
        else { return nil }
        var entries: [Key: TranslatedPattern] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let source = reader.string(), let allowsAnchorA = reader.flag(),
                let allowsAnchorG = reader.flag(), let rewritesPossessively = reader.flag(),
                let translation = TranslatedPattern.decode(from: &reader)
            else { return nil }
            let key = Key(
                source: source, allowsAnchorA: allowsAnchorA, allowsAnchorG: allowsAnchorG,
                rewritesPossessively: rewritesPossessively)
            entries[key] = translation
        }
        guard reader.isAtEnd else { return nil }
        return entries
    }
}
