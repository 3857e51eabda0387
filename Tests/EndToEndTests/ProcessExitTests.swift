import Foundation
import JSONRPC
import Testing

/// The daemon ends cleanly on every path a real editor produces: signals, a closed output, a
/// closed input. "Cleanly" means an exit status of its own (not death by a signal) and a
/// recording and log that are whole.
@Suite(.serialized) struct ProcessExitTests {
    /// A `serve` child with its pipes, recording and log in a fresh folder.
    final class Child {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let record: URL
        let log: URL

        init() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "highlightd-exit-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            record = folder.appendingPathComponent("session.jsonl")
            log = folder.appendingPathComponent("serve.log")
            process.executableURL = BuiltBinary.url
            process.arguments = ["serve", "--record", record.path, "--log", log.path]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ body: String) {
            try? input.fileHandleForWriting.write(contentsOf: Data(FrameEncoder.frame(Array(body.utf8))))
        }

        /// Reads until `count` frames have arrived (or the output ends).
        func readFrames(_ count: Int) -> Int {
            var decoder = FrameDecoder()
            var frames = 0
            while frames < count {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                decoder.append(data)
                while case .frame? = decoder.next() { frames += 1 }
            }
            return frames
        }

        /// Initializes and opens a document, waiting for the answer so the server is running.
        func startSession() {
            send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            #expect(readFrames(1) == 1)
            send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            send(
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.txt","languageId":"plaintext","version":1,"text":"hello"}}}"#
            )
            send(
                #"{"jsonrpc":"2.0","id":2,"method":"textStorage/attributes","params":{"uri":"file:///a.txt"}}"#
            )
            #expect(readFrames(1) == 1)
        }

        /// Waits for the process (at most 10 s) and returns how it ended.
        func waitForExit() -> (reason: Process.TerminationReason, status: Int32)? {
            let deadline = Date(timeIntervalSinceNow: 10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            guard !process.isRunning else {
                process.terminate()
                return nil
            }
            return (process.terminationReason, process.terminationStatus)
        }

        /// Every line of the recording, each of which must be a whole JSON object.
        func recordedFrames() throws -> [String] {
            let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
            return try lines.map { line in
                let json = try JSONValue(parsing: Data(line.utf8))
                return json["frame"]?.stringValue ?? ""
            }
        }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminationSignalExitsWithZeroAndLeavesTheRecordingWhole(signal: Int32) throws {
        let child = try Child()
        child.startSession()
        kill(child.process.processIdentifier, signal)
        let ended = child.waitForExit()
        #expect(ended?.reason == .exit, "ended by its own exit, not by the signal")
        #expect(ended?.status == 0)
        let frames = try child.recordedFrames()
        #expect(frames.count == 4 && frames[3].contains("textStorage/attributes"))
        let log = try String(contentsOf: child.log, encoding: .utf8)
        #expect(log.contains("signal \(signal)"))
    }

    @Test func aClosedOutputEndsTheProcessWithZeroInsteadOfSIGPIPE() throws {
        let child = try Child()
        child.startSession()
        try child.output.fileHandleForReading.close()
        // Each request now makes the server write to a pipe nobody reads.
        for id in 3..<8 {
            child.send(
                #"{"jsonrpc":"2.0","id":\#(id),"method":"textStorage/attributes","params":{"uri":"file:///a.txt"}}"#
            )
        }
        let ended = child.waitForExit()
        #expect(ended?.reason == .exit, "not killed by SIGPIPE")
        #expect(ended?.status == 0)
    }

    @Test func aClosedInputEndsTheProcessWithZero() throws {
        let child = try Child()
        child.startSession()
        try child.input.fileHandleForWriting.close()
        let ended = child.waitForExit()
        #expect(ended?.reason == .exit)
        #expect(ended?.status == 0)
        #expect(try child.recordedFrames().count == 4)
    }

    @Test func exitWithNullParamsEndsTheProcess() throws {
        let child = try Child()
        child.startSession()
        child.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":null}"#)
        #expect(child.readFrames(1) == 1)
        child.send(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
        let ended = child.waitForExit()
        #expect(ended?.reason == .exit)
        #expect(ended?.status == 0)
    }
}
