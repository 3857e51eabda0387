import Foundation
import ResourceFiles
import TestSupport
import Testing

/// The Grammars folder built into the executable is the folder, file for file.
struct BundledFilesTests {
    static let folder = TestData.projectRoot.appendingPathComponent("Grammars")

    /// Every file of the Grammars folder, relative to it.
    static func filesOnDisk() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { names.append(name) }
        }
        return names.sorted()
    }

    @Test func everyFileOfTheGrammarsFolderIsBuiltInAndNothingElse() {
        #expect(BundledFiles.names == Self.filesOnDisk(), "run scripts/bundle-grammars.py")
    }

    @Test func builtInBytesAreTheFilesBytes() throws {
        for name in Self.filesOnDisk() {
            let disk = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(BundledFiles.contents(of: name).map { Data($0) } == disk, "\(name)")
        }
    }
}
