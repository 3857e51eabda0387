import Foundation
import GrammarEngine
import Testing

/// Grammar documents (YAML, plist) built to exhaust memory, the stack or time while they are
/// read. Each must be refused as malformed, or read in time, never crash or hang.
@Suite struct HostileGrammarDocumentTests {
    private func malformedMessage(_ text: String, _ format: RawValue.Format) -> String? {
        do {
            _ = try RawValue.parse(Data(text.utf8), format: format)
            return nil
        } catch {
            guard case .malformed(let message) = error else { return "unexpected \(error)" }
            return message
        }
    }

    /// Nine levels of ten aliases each: 10⁹ strings once expanded, from about a kilobyte.
    static let billionLaughs: String = {
        var lines = ["scopeName: source.lol", "l0: &l0 lol"]
        for level in 1...9 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("l\(level): &l\(level) [\(aliases)]")
        }
        lines.append("patterns: *l9")
        return lines.joined(separator: "\n")
    }()

    @Test(.timeLimit(.minutes(1)))
    func yamlAliasesExpandingPastTheValueBudgetAreRefused() {
        let message = malformedMessage(Self.billionLaughs, .yaml)
        #expect(message?.contains("expands to more than 1000000 values") == true, "\(message ?? "nil")")
    }

    // Yams hashes mapping keys in full, so this key alone took exponential time.
    @Test(.timeLimit(.minutes(1)))
    func yamlAliasesUsedAsKeysCountTowardsTheBudget() {
        let text = Self.billionLaughs.replacingOccurrences(of: "patterns: *l9", with: "? *l9\n: x")
        let message = malformedMessage(text, .yaml)
        #expect(message?.contains("expands to more than 1000000 values") == true, "\(message ?? "nil")")
    }

    @Test func plistsThatAreNotUTF8AreRefused() {
        // Foundation's XMLParser, which read plists before, trapped on an element name that
        // is not UTF-8 (found by the FuzzGrammar target).
        var bytes = Array(#"<?xml version="1.0"?><plist><dict><key>scopeName</key><"#.utf8)
        bytes += [0xCB] + Array("string>s</string></dict></plist>".utf8)
        do {
            _ = try RawValue.parse(Data(bytes), format: .plist)
            Issue.record("a plist that is not UTF-8 was read")
        } catch {
            guard case .malformed(let message) = error else { return #expect(Bool(false), "\(error)") }
            #expect(message.contains("UTF-8"))
        }
    }

    @Test(arguments: ["<?xml?>", "<?xml ?>", "<?target?>"])
    func plistProcessingInstructionsWithoutDataAreSkipped(instruction: String) throws {
        // Foundation's XMLParser, which read plists before, dereferenced a null pointer for
        // these (found by FuzzGrammar); they are markup like any other instruction.
        let plist = instruction + "<plist><dict><key>scopeName</key><string>s</string></dict></plist>"
        #expect(
            try RawValue.parse(Data(plist.utf8), format: .plist) == .object([("scopeName", .string("s"))]))
    }

    @Test func anUnclosedProcessingInstructionIsRefused() {
        let plist = "<?x<plist><dict><key>scopeName</key><string>s</string></dict></plist>"
        #expect(malformedMessage(plist, .plist)?.contains("processing instruction is not closed") == true)
    }

    @Test func aPlistWithAnXMLDeclarationStillReads() throws {
        let plist =
            #"<?xml version="1.0" encoding="UTF-8"?><plist><dict><key>a</key><string>b</string></dict></plist>"#
        #expect(try RawValue.parse(Data(plist.utf8), format: .plist) == .object([("a", .string("b"))]))
    }

    @Test func yamlAliasChainsNestingPastTheLimitAreRefused() {
        var lines = ["a0: &a0 [x]"]
        for index in 1..<100_000 { lines.append("a\(index): &a\(index) [*a\(index - 1)]") }
        let message = malformedMessage(lines.joined(separator: "\n"), .yaml)
        #expect(message?.contains("nesting deeper than 512") == true, "\(message ?? "nil")")
    }

    @Test func yamlAliasesWithinTheBudgetStillExpand() throws {
        let text = """
            scopeName: source.alias
            repository:
              word: &word {match: '\\w+', name: word}
            patterns: [*word, *word]
            """
        let raw = try RawGrammar(RawValue.parse(Data(text.utf8), format: .yaml))
        #expect(raw.patterns.count == 2)
        #expect(raw.patterns.allSatisfy { $0.match == "\\w+" })
    }

    @Test func plistNestingPastTheLimitIsRefused() {
        let depth = 100_000
        let text =
            "<plist>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth)
            + "</plist>"
        let message = malformedMessage(text, .plist)
        #expect(message?.contains("nesting deeper than 512") == true, "\(message ?? "nil")")
    }

    // Each value used to copy its whole container: minutes for a few hundred thousand values.
    @Test(.timeLimit(.minutes(1)))
    func largePlistContainersAreReadInLinearTime() throws {
        let count = 200_000
        let strings = String(repeating: "<string>a</string>", count: count)
        let keys = (0..<count).map { "<key>k\($0)</key><true/>" }.joined()
        let text =
            "<plist><dict><key>list</key><array>\(strings)</array>\(keys)"
            + "<key>k0</key><false/></dict></plist>"
        let value = try RawValue.parse(Data(text.utf8), format: .plist)
        guard case .array(let items)? = value["list"], case .object(let pairs) = value else {
            Issue.record("unexpected \(value)")
            return
        }
        #expect(items.count == count)
        #expect(pairs.count == count + 1)
        // A repeated key keeps its first position and takes the last value.
        #expect(pairs[1].0 == "k0")
        #expect(pairs[1].1 == .bool(false))
    }
}

extension HostileGrammarDocumentTests {
    @Test(.timeLimit(.minutes(1)))
    func grammarPathsThatAreNotRegularFilesAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("highlightd-grammars-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for url in [URL(fileURLWithPath: "/dev/zero"), folder] {
            #expect(throws: GrammarError.notRegularFile(path: url.path)) { try RawGrammar(contentsOf: url) }
        }
    }

    @Test func grammarFilesLargerThanTheLimitAreRefused() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("highlightd-huge-\(UUID().uuidString).json")
        try Data("{}".utf8).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 16 << 20 + 1)
        try handle.close()
        #expect(throws: GrammarError.tooLarge(path: url.path, limit: 16 << 20)) {
            try RawGrammar(contentsOf: url)
        }
    }
}
