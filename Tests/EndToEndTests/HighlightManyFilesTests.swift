import Foundation
import Testing

/// `highlight` over several files and folders: the same result per file as highlighting it
/// alone, in the order given, whatever the number of jobs.
@Suite struct HighlightManyFilesTests {
    /// A folder with files that grammars claim, one that none claims, a hidden folder and a
    /// nested one.
    static func makeTree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-many-\(UUID().uuidString)")
        let files = [
            "b.rs": "fn main() { let s = \"é😀\"; } // https://example.com/x\n",
            "a/c.js": "const x = 1; /* see www.example.org */\n",
            "a/d.css": "body { color: #fff }\n",
            "notes.unclaimed": "no grammar claims this name\n",
            ".hidden/e.js": "let hidden = true;\n",
        ]
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aFolderGivesOneJSONLinePerClaimedFileEachEqualToHighlightingItAlone() throws {
        let root = try Self.makeTree()
        let result = try BuiltBinary.run(["highlight", root.path, "--format", "json", "--jobs", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try Self.lines(result.standardOutput)
        let files = objects.map { $0["file"] as? String ?? "" }
        // Sorted by path; the unclaimed name and the hidden folder are left out.
        #expect(files == ["a/c.js", "a/d.css", "b.rs"].map { root.path + "/" + $0 })
        for object in objects {
            let file = try #require(object["file"] as? String)
            let alone = try BuiltBinary.run(["highlight", file, "--format", "json"])
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(alone.standardOutput.utf8)) as? NSDictionary)
            var batch = object
            batch.removeValue(forKey: "file")
            #expect(NSDictionary(dictionary: batch) == expected, "\(file)")
        }
    }

    @Test func theOutputIsTheSameForAnyNumberOfJobs() throws {
        let root = try Self.makeTree()
        let named = root.appendingPathComponent("notes.unclaimed").path
        func run(_ jobs: Int) throws -> String {
            let result = try BuiltBinary.run([
                "highlight", named, root.path, "--format", "ansi", "--color", "always", "--jobs", "\(jobs)",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput
        }
        let one = try run(1)
        #expect(try run(3) == one)
        #expect(try run(8) == one)
        // A named file is highlighted even though no grammar claims it, and comes first.
        let headers = one.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        #expect(headers.first == "==> \(named) <==")
        #expect(headers.count == 4)
    }

    @Test func aFileThatCannotBeReadIsReportedAndTheOthersStillHighlighted() throws {
        let root = try Self.makeTree()
        let broken = root.appendingPathComponent("broken.rs")
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: broken)
        let good = root.appendingPathComponent("b.rs").path
        let result = try BuiltBinary.run(["highlight", broken.path, good, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not UTF-8 text"))
        let objects = try Self.lines(result.standardOutput)
        #expect(objects.count == 2)
        #expect(objects[0]["file"] as? String == broken.path)
        #expect((objects[0]["error"] as? String)?.contains("not UTF-8 text") == true)
        #expect(objects[1]["file"] as? String == good)
        #expect(objects[1]["tokens"] != nil)
    }

    @Test func severalFilesAsHTMLWriteOnePagePerFileIntoTheOutputFolder() throws {
        let root = try Self.makeTree()
        let pages = root.appendingPathComponent("pages")
        let withoutFolder = try BuiltBinary.run(["highlight", root.path, "--format", "html"])
        #expect(withoutFolder.status != 0)
        #expect(withoutFolder.standardError.contains("--output-dir"))
        let result = try BuiltBinary.run([
            "highlight", root.appendingPathComponent("a").path, "--format", "html", "--output-dir",
            pages.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let written = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(written.count == 2)
        for page in written {
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<html") || html.contains("<!DOCTYPE"))
        }
    }
}
