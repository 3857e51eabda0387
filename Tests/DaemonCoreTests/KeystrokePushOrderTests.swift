import DaemonCore
import Foundation
import JSONRPC
import TestSupport
import Testing

/// A run of edits is pushed before the background changes that were waiting to be pushed;
/// those follow later, mapped through the edits: a client that applies every push in order
/// ends with the attributes the server has.
@Suite struct KeystrokePushOrderTests {
    static let uri = "file:///a.js"

    /// A client's copy of the syntax runs: one style per UTF-16 unit (the texts are ASCII).
    struct ClientModel {
        var styles: [Int]

        mutating func applyEdit(offset: Int, length: Int, insertedLength: Int) {
            styles.replaceSubrange(offset..<(offset + length), with: repeatElement(-1, count: insertedLength))
        }

        mutating func apply(_ push: JSONValue) {
            for change in push["changes"]?.arrayValue ?? [] {
                var position = change["offset"]?.intValue ?? 0
                for run in change["runs"]?.arrayValue ?? [] {
                    let length = run.arrayValue?[0].intValue ?? 0
                    let style = run.arrayValue?[1].intValue ?? 0
                    styles.replaceSubrange(
                        position..<(position + length), with: repeatElement(style, count: length))
                    position += length
                }
            }
        }

        static func expanding(_ runs: JSONValue?) -> [Int] {
            (runs?.arrayValue ?? []).flatMap { run -> [Int] in
                Array(repeating: run.arrayValue?[1].intValue ?? 0, count: run.arrayValue?[0].intValue ?? 0)
            }
        }
    }

    static func pushes(in messages: ArraySlice<RPCMessage>) -> [JSONValue] {
        messages.compactMap { message in
            guard case .notification("textStorage/didProcessEditing", let params?) = message else {
                return nil
            }
            return params
        }
    }

    static func edit(_ version: Int, offset: Int, length: Int, text: String) -> RPCMessage {
        .notification(
            method: "textStorage/edit",
            params: [
                "uri": .string(uri), "version": .integer(version),
                "edits": [["offset": .integer(offset), "length": .integer(length), "text": .string(text)]],
            ])
    }

    @Test func aKeystrokesPushGoesOutBeforeTheBackgroundChangesWaiting() throws {
        let text = (0..<3_000).map { "const v\($0) = f(\"s\($0)\", [1, 2]); // c\n" }.joined()
        let transcript = MemoryReleaseTests.transcript()
        transcript.open(Self.uri, text, language: "javascript")
        let beforeSlice = transcript.sent.count
        // One slice of the rest of the file: its changes wait to be pushed with the next ones.
        #expect(transcript.server.runBackgroundSlice())
        #expect(Self.pushes(in: transcript.sent[beforeSlice...]).isEmpty)
        let beforeEdit = transcript.sent.count
        transcript.server.handle(batch: [Self.edit(2, offset: 6, length: 0, text: "x")])
        // Whether the slice's changes went right after the edit (when the edit took longer
        // than the interval) or wait for the next flush, they come after the keystroke's push,
        // at the edit's version and past the edited line.
        transcript.server.flushBackgroundChanges()
        let pushes = Self.pushes(in: transcript.sent[beforeEdit...])
        #expect(pushes.count == 2)
        #expect(pushes.first?["editedRange"] != .null)
        #expect(pushes.last?["editedRange"] == .null)
        #expect(pushes.allSatisfy { $0["version"]?.intValue == 2 })
        let firstBackground = pushes.last?["changes"]?.arrayValue?.first?["offset"]?.intValue ?? 0
        #expect(firstBackground > 50)
    }

    /// Held changes that no slice would push soon go out right after the edits' pushes: when
    /// the edits left the document no work, and when they were gathered 10 ms ago or more.
    @Test(arguments: [false, true])
    func heldChangesNoSliceWouldPushGoOutAfterTheEdits(waitPastTheInterval: Bool) throws {
        let lines = (0..<3_000).map { "const v\($0) = f(\"s\($0)\", [1, 2]); // c\n" }
        let transcript = MemoryReleaseTests.transcript()
        transcript.open(Self.uri, lines.joined(), language: "javascript")
        // A slice stopped after its first line: its change is gathered, work remains.
        transcript.server.runBackgroundSlice(stoppingWhen: { true })
        let keep = waitPastTheInterval ? 2_000 : 80
        if waitPastTheInterval { Thread.sleep(forTimeInterval: 0.012) }
        // Without the wait, the edit deletes every line from 80 on: the lines left are
        // highlighted within its transaction, and no slice will run again.
        let start = lines[..<keep].joined().utf16.count
        let beforeEdit = transcript.sent.count
        transcript.server.handle(batch: [
            Self.edit(2, offset: start, length: lines.joined().utf16.count - start, text: "")
        ])
        let pushes = Self.pushes(in: transcript.sent[beforeEdit...])
        #expect(pushes.count == 2)
        #expect(pushes.first?["editedRange"] != .null)
        #expect(pushes.last?["editedRange"] == .null)
        #expect(pushes.last?["version"]?.intValue == 2)
    }

    /// Random edits (brackets, quotes, comment marks that change the lines after them, and
    /// some rejected) with background slices between them, all through `handle(batch:)`: the
    /// client's copy, built
    /// from the pushes in the order they came, equals the server's attributes once settled.
    @Test func aClientApplyingThePushesInOrderEndsWithTheServersAttributes() throws {
        var generator = SeededGenerator(seed: 29)
        var text = (0..<400).map { "let v\($0) = f(\"s\($0)\", [1, 2]); // c\n" }.joined()
        let transcript = MemoryReleaseTests.transcript()
        transcript.open(Self.uri, text, language: "javascript")
        var model = ClientModel(styles: Array(repeating: -1, count: text.utf16.count))
        var read = 0
        func absorb() {
            for push in Self.pushes(in: transcript.sent[read...]) { model.apply(push) }
            read = transcript.sent.count
        }
        absorb()
        let pieces = ["{", "}", "\"", "'", "/*", "*/", "// ", "\n", "x", "(", ")", "`"]
        for version in 2..<300 {
            let count = text.utf16.count
            if version % 25 == 0 {
                // Rejected (past the end): it changes nothing, the held changes included.
                transcript.server.handle(batch: [Self.edit(version, offset: count + 5, length: 1, text: "x")])
                absorb()
                continue
            }
            let offset = Int.random(in: 0...count, using: &generator)
            let length =
                Int.random(in: 0...3, using: &generator) == 0
                ? min(count - offset, Int.random(in: 1...6, using: &generator)) : 0
            let inserted =
                length > 0 && Bool.random(using: &generator) ? "" : pieces.randomElement(using: &generator)!
            var units = Array(text.utf16)
            units.replaceSubrange(offset..<(offset + length), with: inserted.utf16)
            text = String(decoding: units, as: UTF16.self)
            model.applyEdit(offset: offset, length: length, insertedLength: inserted.utf16.count)
            transcript.server.handle(batch: [
                Self.edit(version, offset: offset, length: length, text: inserted)
            ])
            absorb()
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                transcript.server.runBackgroundSlice()
            }
            // What the slices pushed reaches the client before its next edit: each push is
            // applied at its own version.
            absorb()
        }
        // No flush of its own: whatever was held is pushed by a slice, or by the edits that
        // left no work for one.
        while transcript.server.runBackgroundSlice() {}
        absorb()
        let settled = try #require(transcript.attributes(Self.uri))
        #expect(settled["pending"]?.boolValue != true)
        let expected = ClientModel.expanding(settled["runs"])
        #expect(expected.count == text.utf16.count)
        #expect(model.styles == expected)
    }
}
