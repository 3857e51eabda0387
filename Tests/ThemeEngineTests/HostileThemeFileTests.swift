import Foundation
import Testing
import ThemeEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private typealias F = ThemeFixtures

/// Theme paths a client may name that are not theme files, or are too large: each is refused
/// with an error naming the file, without reading forever or blocking.
@Suite struct HostileThemeFileTests {
    @Test(.timeLimit(.minutes(1)))
    func devicesDirectoriesAndFIFOsAreRefusedAsNotRegularFiles() throws {
        let folder = try F.scratchFolder()
        let fifo = folder.appendingPathComponent("theme.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for url in [URL(fileURLWithPath: "/dev/zero"), folder, fifo] {
            #expect(throws: ThemeError.notRegularFile(path: url.path)) { try Theme.load(from: url) }
        }
    }

    @Test func filesLargerThanTheLimitAreRefusedNamingTheFileAndTheLimit() throws {
        let folder = try F.scratchFolder()
        let url = try F.write("{}", to: "huge.json", in: folder)
        // A sparse file: its size is over the limit without writing the bytes.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 16 << 20 + 1)
        try handle.close()
        let expected = ThemeError.tooLarge(path: url.path, limit: 16 << 20)
        #expect(throws: expected) { try Theme.load(from: url) }
        #expect(expected.description.contains(url.path) && expected.description.contains("16777216"))
    }
}

extension HostileThemeFileTests {
    @Test func includeChainsPastTheDepthLimitAreMalformed() throws {
        let folder = try F.scratchFolder()
        try F.write(#"{ "tokenColors": [] }"#, to: "t40.json", in: folder)
        for index in 0..<40 {
            try F.write(#"{ "include": "t\#(index + 1).json" }"#, to: "t\(index).json", in: folder)
        }
        do {
            _ = try Theme.load(from: folder.appendingPathComponent("t0.json"))
            Issue.record("expected a malformed-theme error")
        } catch {
            #expect(error.description.contains("includes nest deeper than 32 files"))
        }
        // A chain of nine files (t32 … t40) loads.
        #expect(throws: Never.self) { try Theme.load(from: folder.appendingPathComponent("t32.json")) }
    }
}
