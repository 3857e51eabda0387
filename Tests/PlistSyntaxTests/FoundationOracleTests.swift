import Foundation
import PlistSyntax
import TestSupport
import Testing

/// Every property list among the shared conformance fixtures (real TextMate grammars: Ruby,
/// PHP, Perl, Markdown, …) reads to the same values as Foundation's
/// `PropertyListSerialization`, an independent reader, compared with dictionaries sorted by
/// key (Foundation keeps no order).
@Suite(.enabled(if: TestData.shouldRun, TestData.skipReason))
struct FoundationOracleTests {
    static let fixtures = "textmate-conformance/suite1/fixtures"

    static func plistFiles() throws -> [URL] {
        let folder = TestData.root.appendingPathComponent(fixtures)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".tmLanguage") }.sorted().map {
            folder.appendingPathComponent($0)
        }
    }

    /// Foundation's value as a `Plist`, dictionaries sorted by key.
    static func normalized(_ value: Any) -> Plist {
        switch value {
        case let string as String: return .string(string)
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let integer as Int: return .integer(integer)
        case let real as Double: return .real(real)
        case let array as [Any]: return .array(array.map(normalized))
        case let dictionary as [String: Any]:
            return .dictionary(dictionary.keys.sorted().map { ($0, normalized(dictionary[$0]!)) })
        default: return .string("\(value)")
        }
    }

    /// Ours, dictionaries sorted by key likewise.
    static func sorted(_ value: Plist) -> Plist {
        switch value {
        case .array(let elements): return .array(elements.map(sorted))
        case .dictionary(let members):
            return .dictionary(members.sorted { $0.0 < $1.0 }.map { ($0.0, sorted($0.1)) })
        default: return value
        }
    }

    @Test func realGrammarsReadAsFoundationReadsThem() throws {
        let files = try Self.plistFiles()
        #expect(files.count >= 10)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try PlistParser<PlistBuilder>.parse([UInt8](data))
            let theirs = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(Self.sorted(ours) == Self.normalized(theirs), "\(file.lastPathComponent)")
        }
    }
}
