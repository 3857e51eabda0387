import GrammarEngine
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

    @Test func nestedBracesExpandWithinABound() {
        #expect(FileGlob("{a,b{c,d}}.x").matches("bd.x"))
        let explosive = String(repeating: "{a,b}", count: 30)
        #expect(!FileGlob(explosive).matches("c"))
    }
}
