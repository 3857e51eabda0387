import DocumentStorage
import Foundation
import GrammarEngine
import Highlighting
import JSONRPC
import RichText
import TextRope
import ThemeEngine

/// The daemon's core: documents, dispatch and pushes, driven one message at a time.
///
/// Synchronous and single-threaded by design: `ServerLoop` feeds it messages in order from one
/// worker thread, and everything it sends goes through `send` (or, for what it writes as
/// bytes, `sendBytes`) in order. Tests drive it directly
/// (transcript tests) or through the built binary.
public final class Server {
    /// Where the server is in the LSP lifecycle.
    enum Phase {
        case uninitialized
        case running
        case shutDown
    }

    let configuration: ServerConfiguration
    let send: (RPCMessage) -> Void
    /// Where messages the server wrote as bytes go (the JSON of one message, unframed); nil
    /// to have them parsed and sent through `send` as every other message is.
    let sendBytes: (([UInt8]) -> Void)?
    var phase = Phase.uninitialized
    /// The negotiated position encoding.
    var encoding = TextUnit.utf16
    /// Whether the client asked for `textStorage/didProcessEditing` pushes.
    var pushesAttributes = false
    /// Whether documents keep a bracket layer (`initializationOptions.bracketPairs`).
    var colorsBracketPairs = true
    var registry = GrammarRegistry()
    /// Themes the extensions contribute, by label.
    var themes = ThemeCatalog()
    /// The client's extension settings, kept across configuration changes.
    var extensionSettings = ExtensionSettings()
    /// The client's `grammarPaths`, kept across configuration changes.
    var grammarPaths: [String] = []
    /// How many of each grammar's diagnostics (disabled rules) are logged already.
    var reportedGrammarDiagnostics: [ObjectIdentifier: Int] = [:]
    /// Grammar files that failed when first needed, to log.
    let grammarProblems = GrammarProblems()
    var styles: StyleTable
    /// Style ids whose definitions the client has been sent.
    var definedStyles: Set<StyleID> = [.plain]
    var documents: [String: DocumentSession] = [:]
    /// The style caches shared by the documents of each grammar (`sharedStyles(for:)`).
    var sharedStyleCaches: [SharedStylesEntry] = []
    /// The span rules from `initializationOptions.spanRules`, for documents that give none.
    var spanRules: [SpanRule] = []
    /// Whether a document holds background changes not pushed yet
    /// (`DocumentSession.backgroundChangesSince`).
    var hasUnpushedBackgroundChanges = false
    /// The documents that may have background work, in the order they get it.
    var backgroundQueue = BackgroundQueue()
    /// Semantic token options agreed at `initialize`.
    var semanticTokenSettings = SemanticTokenSettings()
    /// The log file, opened for appending.
    lazy var logHandle: FileHandle? = {
        guard let url = configuration.logFile else { return nil }
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try? FileHandle(forWritingTo: url)
        _ = try? handle?.seekToEnd()
        return handle
    }()
    /// Set by `exit`: the process should end with this status.
    public internal(set) var exitStatus: Int32?

    /// A server that sends its messages through `send`, and those it writes as bytes
    /// (`textStorage/didProcessEditing`) through `sendBytes` if given. Without `sendBytes`,
    /// those are parsed back into messages: a test then sees every message as a value.
    public init(
        configuration: ServerConfiguration = .init(), sendBytes: (([UInt8]) -> Void)? = nil,
        send: @escaping (RPCMessage) -> Void
    ) {
        self.configuration = configuration
        self.send = send
        self.sendBytes = sendBytes
        let theme =
            (try? Theme.named(configuration.defaultTheme)) ?? Theme(RawTheme(name: "empty", settings: []))
        styles = StyleTable(theme: theme)
    }

    /// Whether a document still has background highlighting to do.
    public var hasBackgroundWork: Bool { nextBackgroundDocument() != nil }

    /// Whether grammars were dropped since the last `releaseUnusedMemory` (a reload frees a lot
    /// at once, however little input asked for it).
    public internal(set) var hasMemoryToRelease = false

    /// Whether a grammar interned so many stacks since the last `releaseUnusedMemory` that the
    /// loop should call it between batches, without waiting to go idle: a client that never
    /// pauses would otherwise fill the interner, and lines tokenized after that share nothing.
    public var hasStacksToSweep: Bool { registry.hasStacksToSweep }

    /// Lets go of what only speeds up later work: the styles of scope stacks and the recently
    /// tokenized lines the highlighters share, this thread's remembered scope pushes, and then
    /// every interned stack no line state uses any more. Edits leave behind stacks of text that is
    /// gone, and grammars keep what they interned until asked; the loop calls this when it goes
    /// idle after a burst.
    public func releaseUnusedMemory() {
        hasMemoryToRelease = false
        for document in documents.values {
            document.highlighter?.forgetCachedStyles()
            document.highlighter?.forgetRecentLines()
        }
        dropUnusedStyleCaches()
        MatchWorkspace.current.forgetRememberedScopes()
        registry.releaseUnusedStacks()
    }

    /// Logs to standard error (never standard output, which carries the protocol) and to the
    /// configured log file.
    func log(_ message: String) {
        let line = Data("highlightd: \(message)\n".utf8)
        // `try?`: with SIGPIPE ignored, a closed standard error makes the write fail, and
        // `FileHandle.write(_:)` would trap on that.
        try? FileHandle.standardError.write(contentsOf: line)
        try? logHandle?.write(contentsOf: line)
    }

    /// Flushes the log file to disk (before the process ends).
    public func flushLog() {
        try? logHandle?.synchronize()
    }
}

extension Server {
    /// Whether `shutdown` has been received.
    public var isShutDown: Bool { phase == .shutDown }
}
