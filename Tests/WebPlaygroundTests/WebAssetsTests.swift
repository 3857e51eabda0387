import Foundation
import TestSupport
import Testing

@testable import WebPlayground

/// The page's files built into the executable are the `Web/` folder, file for file, and a
/// request can name nothing outside it.
struct WebAssetsTests {
    static let folder = TestData.projectRoot.appendingPathComponent("Web")

    static func filesOnDisk() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    @Test func everyFileOfTheWebFolderIsBuiltInAndNothingElse() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(WebAssets.builtInNames == onDisk, "run scripts/bundle-grammars.py")
    }

    @Test func builtInBytesAreTheFilesBytes() throws {
        for name in try Self.filesOnDisk() {
            let disk = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(WebAssets.builtIn.contents(of: name).map { Data($0) } == disk, "\(name)")
        }
    }

    @Test(arguments: [
        "../Package.swift", "/etc/passwd", ".hidden", "", "sub/index.html", "..%2FPackage.swift",
    ])
    func namesOutsideTheFolderAreNeverRead(_ name: String) {
        #expect(WebAssets.builtIn.contents(of: name) == nil)
        #expect(WebAssets.folder(Self.folder.path).contents(of: name) == nil)
    }
}
