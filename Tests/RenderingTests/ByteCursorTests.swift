import Testing

@testable import Rendering

@Suite struct ByteCursorTests {
    @Test func writesAfterWhatTheArrayHeldAndKeepsOnlyWhatWasWritten() {
        var bytes: [UInt8] = Array("head:".utf8)
        let piece: [UInt8] = [0, 255, 10]
        bytes.appendWriting(atMost: 64) { cursor in
            cursor.write("ab")
            piece.withUnsafeBufferPointer { cursor.write($0) }
            cursor.write(UnsafeBufferPointer(start: nil, count: 0))
            cursor.write("")
            cursor.write("é")
        }
        #expect(bytes == Array("head:ab".utf8) + piece + Array("é".utf8))
    }

    @Test func aWriteThatFillsTheRoomExactlyIsKept() {
        var bytes: [UInt8] = []
        bytes.appendWriting(atMost: 5) { cursor in
            cursor.write("abc")
            cursor.write("de")
        }
        #expect(bytes == Array("abcde".utf8))
        bytes.appendWriting(atMost: 0) { _ in }
        #expect(bytes == Array("abcde".utf8))
    }

    @Test func aWritePastTheRoomStopsTheProcessInsteadOfWritingOutsideIt() async {
        await #expect(processExitsWith: .failure) {
            var bytes: [UInt8] = []
            bytes.appendWriting(atMost: 4) { cursor in
                cursor.write("abc")
                cursor.write("de")
            }
        }
    }
}
