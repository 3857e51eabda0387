import Foundation
import TestSupport
import Testing

/// `highlight` keeps its pattern translations in the user's cache folder: a second run reads
/// them and prints exactly what a run without any cache prints.
@Suite struct TranslationCacheCommandTests {
    static let sample = """
        // A sample with strings, regexes, templates and classes.
        class Point { constructor(x, y) { this.x = x; this.y = `${y}px`; } }
        const re = /a+b/gi, s = "q\\"uote", n = 0x1F;
        export default function f(a = 1, ...rest) { return a > 1 ? re.test(s) : rest; }

        """

    @Test func aSecondRunReadsTheTranslationsAndPrintsTheSame() throws {
        let path = try BuiltBinary.temporaryFile(named: "sample.js", Self.sample)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-cache-\(UUID().uuidString)")
        let arguments = ["highlight", path, "--color", "always"]
        // A relative XDG_CACHE_HOME and HOME name no folder: no cache at all.
        let uncached = try BuiltBinary.run(
            arguments, environment: ["XDG_CACHE_HOME": "relative", "HOME": "relative"])
        #expect(uncached.status == 0, "\(uncached.standardError)")
        let first = try BuiltBinary.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        let file = cache.appendingPathComponent("highlightd/source.js.translations")
        let written = try #require(try? Data(contentsOf: file), "the first run wrote the grammar's file")
        let second = try BuiltBinary.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(first.standardOutput == uncached.standardOutput)
        #expect(second.standardOutput == uncached.standardOutput)
        #expect(try Data(contentsOf: file) == written, "nothing new to write the second time")
        #expect(second.standardError.isEmpty)
    }

    @Test func aDamagedCacheFileIsIgnoredAndRewritten() throws {
        let path = try BuiltBinary.temporaryFile(named: "sample.js", Self.sample)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-cache-\(UUID().uuidString)")
        let folder = cache.appendingPathComponent("highlightd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("source.js.translations")
        try Data("highlightd translations 4\n\u{FF}\u{FF}not what it says".utf8).write(to: file)
        let arguments = ["highlight", path, "--color", "always"]
        let uncached = try BuiltBinary.run(
            arguments, environment: ["XDG_CACHE_HOME": "relative", "HOME": "relative"])
        let damaged = try BuiltBinary.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(damaged.status == 0)
        #expect(damaged.standardError.isEmpty)
        #expect(damaged.standardOutput == uncached.standardOutput)
        let rewritten = try Data(contentsOf: file)
        #expect(rewritten.count > 1_000, "replaced by this run's translations")
    }
}
