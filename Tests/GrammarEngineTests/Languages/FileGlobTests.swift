import GrammarEngine
import TestSupport
import Testing

/// Globs as `filenamePatterns` and `files.associations` write them.
struct FileGlobTests {
    @Test(arguments: [
        ("*.yml", "ci.yml", true), ("*.yml", "ci.yaml", false), ("*.yml", "CI.YML", true),
        ("Dockerfile.*", "Dockerfile.dev", true), ("Dockerfile.*", "Dockerfile", false),
        ("*.{yml,yaml}", "a.yaml", true), ("*.{yml,yaml}", "a.json", false),
        ("[Mm]akefile", "makefile", true), ("[!M]akefile", "Makefile", false),
        ("[!M]akefile", "bakefile", true),
        ("?.c", "a.c", true), ("?.c", "ab.c", false), ("a[", "a[", true),
    ])
    func matchesFileNames(glob: String, name: String, expected: Bool) {
        #expect(FileGlob(glob).matches(name) == expected)
    }

    @Test func aStarStaysInOneSegmentAndTwoStarsCrossThem() {
        #expect(!FileGlob("src/*.rs").matches("src/a/b.rs"))
        #expect(FileGlob("src/**/*.rs").matches("src/a/b.rs"))
        #expect(FileGlob("src/**/*.rs").matches("src/b.rs"), "**/ also matches no folder")
        #expect(
            FileGlob("**/.github/workflows/*.yml").matchesFile(atPath: "/home/me/p/.github/workflows/ci.yml"))
        #expect(
            FileGlob(".github/workflows/*.yml").matchesFile(atPath: "/home/me/p/.github/workflows/ci.yml"))
        #expect(!FileGlob("/.github/*.yml").matchesFile(atPath: "/home/p/.github/ci.yml"))
    }

    @Test func manyStarsDoNotBacktrackExponentially() {
        // Exponential in the number of stars for a backtracking matcher: this one would not
        // finish; matched by dynamic programming it takes a few thousand steps a star.
        let glob = FileGlob(String(repeating: "*a", count: 40) + "*b")
        #expect(!glob.matches(String(repeating: "a", count: 4_000)))
        #expect(glob.matches(String(repeating: "a", count: 50) + "b"))
        #expect(
            !FileGlob(String(repeating: "**/a", count: 30) + "/b").matches(
                String(repeating: "a/", count: 1_000)))
    }

    @Test func matchesAsANaiveBacktrackingModelOnRandomGlobs() {
        var generator = SeededGenerator(seed: 31)
        let globPieces = ["*", "**", "**/", "?", "a", "b", "/", "[ab]", "[!a]", "."]
        let textPieces: [Character] = ["a", "b", "/", "."]
        for _ in 0..<3_000 {
            let glob = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                globPieces.randomElement(using: &generator)!
            }.joined()
            let text = String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    textPieces.randomElement(using: &generator)!
                })
            #expect(
                FileGlob(glob).matches(text) == NaiveGlob.matches(Array(glob), Array(text)),
                "\(glob) on \(text)")
        }
    }

    @Test func nestedBracesExpandWithinABound() {
        #expect(FileGlob("{a,b{c,d}}.x").matches("bd.x"))
        let explosive = String(repeating: "{a,b}", count: 30)
        #expect(!FileGlob(explosive).matches("c"))
    }
}

/// The obvious recursive matcher (exponential, fine for tiny inputs): the reference.
enum NaiveGlob {
    static func matches(_ glob: [Character], _ text: [Character]) -> Bool {
        guard let first = glob.first else { return text.isEmpty }
        if first == "*" {
            let stars = glob.prefix { $0 == "*" }.count
            let rest = Array(glob.dropFirst(stars))
            if stars >= 2, rest.first == "/" {
                // `**/` (any run of two or more stars before a slash): no folder, or any run
                // ending in `/`.
                let after = Array(rest.dropFirst())
                if matches(after, text) { return true }
                for k in text.indices where text[k] == "/" {
                    if matches(after, Array(text[(k + 1)...])) { return true }
                }
                return false
            }
            let crosses = stars >= 2
            for k in 0...text.count {
                if matches(rest, Array(text[k...])) { return true }
                if k < text.count, !crosses, text[k] == "/" { return false }
            }
            return false
        }
        guard let character = text.first else { return false }
        if first == "?" {
            return character != "/" && matches(Array(glob.dropFirst()), Array(text.dropFirst()))
        }
        if first == "[", let close = glob.dropFirst(2).firstIndex(of: "]") {
            var body = Array(glob[1..<close])
            let negated = body.first == "!"
            if negated { body.removeFirst() }
            guard character != "/", body.contains(character) != negated else { return false }
            return matches(Array(glob[(close + 1)...]), Array(text.dropFirst()))
        }
        return first == character && matches(Array(glob.dropFirst()), Array(text.dropFirst()))
    }
}
