import ArgumentParser
import Foundation
import GrammarEngine
import Rendering
import ThemeEngine

/// How a highlighting command prints its result (`--format`).
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// 24-bit terminal escapes; plain text when colour is off.
    case ansi
    /// A standalone HTML page.
    case html
    /// Tokens with UTF-16 offsets and resolved styles, for tools and tests.
    case json
    /// The same tokens with each scope stack and style written once (`TokenJSONRenderer`'s
    /// compact shape), for large files.
    case jsonCompact = "json-compact"

    /// Whether the output is JSON (one object per file in a batch).
    var isJSON: Bool { self == .json || self == .jsonCompact }

    /// Renders `tokens` of `text` with `theme` (`color` and `depth` only matter for `ansi`;
    /// `jobs` is how many threads may resolve a long document's styles, nil: one per CPU),
    /// handing the output to `emit` part by part, in order, each as soon as the parts before it
    /// are (from the renderer's threads, one at a time). A part's bytes are only valid during
    /// the call, so a command writes each out and keeps a few parts' memory, not the output's.
    func write(
        text: String, tokens: [DocumentToken], scopeName: String?, theme: Theme, color: ColorChoice,
        depth: ColorDepth = .trueColor, title: String = "highlightd", links: [RenderedLink]? = nil,
        jobs: Int? = nil, to emit: ([UInt8]) -> Void
    ) {
        switch self {
        case .ansi:
            let configuration = ANSIRenderer.Configuration(
                colorEnabled: color.isEnabled(environment: ProcessInfo.processInfo.environment), depth: depth)
            ANSIRenderer(theme: theme, configuration: configuration, jobs: jobs).write(
                text: text, tokens: tokens, to: emit)
        case .html:
            HTMLRenderer(theme: theme, title: title, jobs: jobs).write(text: text, tokens: tokens, to: emit)
        case .json:
            TokenJSONRenderer(theme: theme, jobs: jobs).write(
                text: text, tokens: tokens, scopeName: scopeName, links: links, to: emit)
        case .jsonCompact:
            TokenJSONRenderer(theme: theme, jobs: jobs).writeCompact(
                text: text, tokens: tokens, scopeName: scopeName, links: links, to: emit)
        }
    }
}
