import Foundation
import RegexTranslation
import TestSupport
import Testing

@testable import GrammarEngine

/// Translations kept on disk come back for the same program and key, and only then; whatever
/// is in the files, tokens are what a fresh translation gives.
@Suite struct TranslationCacheTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-translations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let key = TranslationCache.Key(
        source: "[a-z]+\\b", allowsAnchorA: true, allowsAnchorG: false, rewritesPossessively: true)

    @Test func aSavedTranslationComesBackForTheSameProgramAndKeyOnly() throws {
        let folder = try Self.folder()
        let translated = try OnigurumaTranslator.translate(Self.key.source)
        let writer = TranslationCache(directory: folder, identity: [1, 2, 3])
        writer.store(translated, for: Self.key, grammar: "source.js")
        writer.save()
        let reader = TranslationCache(directory: folder, identity: [1, 2, 3])
        #expect(reader.translation(for: Self.key, grammar: "source.js") == translated)
        #expect(reader.translation(for: Self.key, grammar: "source.ts") == nil, "another grammar's file")
        var otherVariant = Self.key
        otherVariant.allowsAnchorG = true
        #expect(reader.translation(for: otherVariant, grammar: "source.js") == nil)
        let otherProgram = TranslationCache(directory: folder, identity: [1, 2, 4])
        #expect(otherProgram.translation(for: Self.key, grammar: "source.js") == nil)
    }

    @Test func theLibraryThatAnsweredThePossessiveRewriteIsPartOfTheIdentity() {
        let identity = String(decoding: TranslationCache.libraryIdentity, as: UTF8.self)
        // "10.42 2022-12-11\015.0.0\0" on Debian 12: the library's version, then Unicode's.
        #expect(identity.split(separator: "\0").count == 2)
        #expect(identity.hasPrefix("10."), "PCRE2 10.x: \(identity)")
    }

    @Test func aFileThatDoesNotParseCountsAsEmptyAndIsReplacedOnSave() throws {
        let folder = try Self.folder()
        let translated = try OnigurumaTranslator.translate(Self.key.source)
        let writer = TranslationCache(directory: folder, identity: [7])
        writer.store(translated, for: Self.key, grammar: "source.js")
        writer.save()
        let file = writer.url(of: "source.js")
        let whole = try Data(contentsOf: file)
        for broken in [Data(), Data("garbage".utf8), whole.dropLast(), whole + Data([0])] {
            try broken.write(to: file)
            let reader = TranslationCache(directory: folder, identity: [7])
            #expect(reader.translation(for: Self.key, grammar: "source.js") == nil)
        }
        let repairer = TranslationCache(directory: folder, identity: [7])
        repairer.store(translated, for: Self.key, grammar: "source.js")
        repairer.save()
        #expect(
            TranslationCache(directory: folder, identity: [7]).translation(
                for: Self.key, grammar: "source.js") == translated)
    }

    @Test(arguments: ["../../etc/passwd", "/abs/path", "source.js/x", ".hidden", "", "naïve"])
    func everyGrammarNameStaysInsideTheFolder(_ grammar: String) throws {
        let folder = try Self.folder()
        let url = TranslationCache(directory: folder, identity: []).url(of: grammar)
        #expect(url.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(!url.lastPathComponent.hasPrefix("."))
    }

    /// jQuery tokenized with no cache, with an empty one (which fills it) and with the filled
    /// one read back by a new registry: the same tokens, and the second run translates nothing.
    @Test(.enabled(if: TestData.shouldRun, TestData.skipReason))
    func tokensAreTheSameWithoutTheCacheAndWithItColdOrWarm() throws {
        let grammarPath = try TestData.url("benchmark/JavaScript.tmLanguage.json").path
        let text = try String(contentsOf: TestData.url("benchmark/large.js"), encoding: .utf8)
        func tokens(_ cache: TranslationCache?) throws -> [DocumentToken] {
            var configuration = Grammar.Configuration()
            configuration.translationCache = cache
            let registry = GrammarRegistry(configuration: configuration)
            let raw = try registry.load(contentsOf: URL(fileURLWithPath: grammarPath))
            return try registry.grammar(scopeName: raw.scopeName).tokenizeDocument(text, jobs: 2)
        }
        let folder = try Self.folder()
        let expected = try tokens(nil)
        let cold = TranslationCache(directory: folder, identity: [9])
        #expect(try tokens(cold) == expected)
        #expect(cold.addedTranslations > 100, "jQuery meets over a hundred patterns")
        cold.save()
        let warm = TranslationCache(directory: folder, identity: [9])
        #expect(try tokens(warm) == expected)
        #expect(warm.addedTranslations == 0, "every translation came from the file")
    }
}
