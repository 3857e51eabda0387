import DaemonCore
import Foundation
import FuzzSupport
import JSONRPC

/// The whole server, in process, fed message sequences from a structure-aware generator:
/// mostly valid messages of every method with hostile values (Int's extremes, offsets inside
/// characters, unknown URIs, wrong types), in batches as the stdio loop coalesces them, with
/// background slices in between. Never a trap; and every open document's attributes always
/// cover exactly its length.
let grammarFolder: URL = {
    // Three of the project's own grammars, small enough to load for every input.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "highlightd-fuzz-grammars-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["json", "diff", "toml"] {
        let file = "\(name).tmLanguage.json"
        try? FileManager.default.copyItem(
            at: root.appendingPathComponent("Grammars/Languages/\(file)"),
            to: folder.appendingPathComponent(file))
    }
    return folder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var sent: [RPCMessage] = []
    let server = Server(configuration: .init(grammarFolders: [grammarFolder], loadsBundledGrammars: false)) {
        sent.append($0)
    }
    var generator = MessageGenerator()
    generator.grammarFolderPath = grammarFolder.path
    if input.below(8) != 0 { server.handle(generator.initialize(&input)) }
    var steps = 0
    while !input.isExhausted && steps < 200 && server.exitStatus == nil {
        steps += 1
        switch input.below(10) {
        case 0: server.handle(frame: Array(input.text(maxPieces: 4).utf8))
        case 1: server.handle(batch: (0..<(1 + input.below(6))).map { _ in generator.message(&input) })
        case 2: server.runBackgroundSlice()
        default: server.handle(generator.message(&input))
        }
        if sent.count > 10_000 { sent.removeAll() }
    }
    while server.runBackgroundSlice() {}
    // Every open document answers attributes whose runs cover exactly its range.
    for uri in generator.uris {
        sent.removeAll()
        server.handle(
            .request(id: .integer(-1), method: "textStorage/attributes", params: ["uri": .string(uri)]))
        guard case .response(_, .success(let result))? = sent.last else { continue }
        let covered = (result["runs"]?.arrayValue ?? []).compactMap { $0.arrayValue?.first?.intValue }.reduce(
            0, +)
        if covered != result["range"]?["length"]?.intValue { fatalError("runs do not cover the document") }
    }
    return 0
}
