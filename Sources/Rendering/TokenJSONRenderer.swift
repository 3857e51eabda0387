import GrammarEngine
import ThemeEngine

/// Renders tokens as JSON for tools and tests:
///
///     {"scopeName":"source.js","tokens":[
///     {"offset":0,"length":3,"scopes":["source.js","storage.type.js"],
///      "foreground":"#B98AF0","background":"#181C24","fontStyle":""}
///     ]}
///
/// One entry per `DocumentToken`, in input order, with `offset` and `length` in UTF-16 code
/// units of the text. Keys always come in this order. `fontStyle` lists the words of
/// `FontStyle` (`""` for plain). With links, a `"links"` array of `{offset, length, target}`
/// (UTF-16 too) follows the tokens.
public struct TokenJSONRenderer: Sendable {
    /// The theme that resolves token styles.
    public var theme: Theme
    /// How many threads may resolve a long document's styles (nil: one per CPU).
    public var jobs: Int?

    /// Creates a renderer.
    public init(theme: Theme, jobs: Int? = nil) {
        self.theme = theme
        self.jobs = jobs
    }

    /// Renders the tokens of `text`; `scopeName` is the grammar's root scope (null when nil).
    public func render(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> String {
        String(
            decoding: renderBytes(text: text, tokens: tokens, scopeName: scopeName, links: links),
            as: UTF8.self)
    }

    /// `render` as UTF-8 bytes.
    public func renderBytes(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> [UInt8] {
        renderParts(text: text, tokens: tokens, scopeName: scopeName, links: links).joinedBytes()
    }

    /// `renderBytes` in consecutive parts, meant to be written out one after the other.
    public func renderParts(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> [[UInt8]] {
        let (count, render) = fullPartWriter(text: text, tokens: tokens, scopeName: scopeName, links: links)
        return OrderedParts.collect(count: count, jobs: threadCount(jobs), render: render)
    }

    /// `renderBytes` handed to `emit` part by part, in order, as soon as each is written (from
    /// the renderer's threads, one at a time); a part's bytes are only valid during the call.
    public func write(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil,
        to emit: ([UInt8]) -> Void
    ) {
        let (count, render) = fullPartWriter(text: text, tokens: tokens, scopeName: scopeName, links: links)
        OrderedParts.run(count: count, jobs: threadCount(jobs), render: render, emit: emit)
    }

    /// Tokens per part of the full shape: about 600 KB of JSON on jQuery.
    static let tokensPerPart = 2_048

    /// A cursor for each part, at the start of its first token: one walk over the text for
    /// all of them, where each part walking from the start of the text would walk it about
    /// half as many times as there are parts.
    static func cursorStarts(of runs: StyledDocument.Runs, bounds: [Int], bytes: [UInt8])
        -> [UTF16OffsetCursor]
    {
        var cursor = UTF16OffsetCursor(bytes: bytes)
        return bounds.dropLast().map { bound in
            if bound < runs.count { _ = cursor.utf16Offset(atUTF8: runs[bound].range.lowerBound) }
            let (utf8, utf16) = cursor.position
            return UTF16OffsetCursor(bytes: bytes, at: utf8, utf16Offset: utf16)
        }
    }

    /// The full shape's part count and how to write a part.
    ///
    /// Each distinct scope stack's `"scopes"` array and each distinct style's fields are
    /// written once and copied per token.
    private func fullPartWriter(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]?
    ) -> (count: Int, render: (Int, inout [UInt8]) -> Void) {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: jobs)
        // Side by side in one buffer each (`ByteSlices`): a token's copy of its stack's and
        // style's bytes read them as arrays of their own, retaining and releasing both per
        // token (on jQuery, two threads bouncing the counts of the common stacks' arrays).
        let stackJSON = ByteSlices(count: document.stacks.count) { index, bytes in
            bytes.append(",\"scopes\":")
            Self.appendScopes(of: document.stacks[index], to: &bytes)
        }
        let styleJSON = ByteSlices(count: document.styles.count) { index, bytes in
            bytes.append(",")
            Self.appendFields(of: document.styles[index], to: &bytes)
            bytes.append("}")
        }
        let runs = document.runs
        let bounds = partBounds(
            runs.count, jobs: jobs, minimum: StyledDocument.minimumTokensPerPart, maximum: Self.tokensPerPart)
        let starts = Self.cursorStarts(of: runs, bounds: bounds, bytes: document.bytes)
        let render = { (part: Int, output: inout [UInt8]) in
            let isLast = part == bounds.count - 2
            var cursor = starts[part]
            // Room for every token (its keys and two numbers take at most 64 bytes) and about
            // enough for the links, so that the part is not copied again as it grows.
            output.reserveCapacity(
                runs[bounds[part]..<bounds[part + 1]].reduce(64 + (isLast ? (links?.count ?? 0) * 160 : 0)) {
                    total, run in total + 64 + stackJSON.count(of: run.stack) + styleJSON.count(of: run.style)
                })
            if part == 0 {
                output.append("{\"scopeName\":")
                Self.appendNullable(scopeName, to: &output)
                output.append(",\"tokens\":[")
            }
            stackJSON.withPieces { stackPieces in
                styleJSON.withPieces { stylePieces in
                    for position in bounds[part]..<bounds[part + 1] {
                        let run = runs[position]
                        let start = cursor.utf16Offset(atUTF8: run.range.lowerBound)
                        let end = cursor.utf16Offset(atUTF8: run.range.upperBound)
                        output.append(position == 0 ? "\n{\"offset\":" : ",\n{\"offset\":")
                        output.appendDecimal(start)
                        output.append(",\"length\":")
                        output.appendDecimal(end - start)
                        output.append(contentsOf: stackPieces[run.stack])
                        output.append(contentsOf: stylePieces[run.style])
                    }
                }
            }
            if isLast {
                output.append(runs.isEmpty ? "]" : "\n]")
                if let links {
                    output.append(",\"links\":[")
                    for (position, link) in links.enumerated() {
                        output.append(position == 0 ? "\n" : ",\n")
                        Self.append(link, to: &output, cursor: &cursor, textLength: document.bytes.count)
                    }
                    output.append(links.isEmpty ? "]" : "\n]")
                }
                output.append("}\n")
            }
        }
        return (bounds.count - 1, render)
    }

    /// The compact shape: each scope stack and each style written once and tokens as flat
    /// triples that point at their stack, a tenth of the size for a large file:
    ///
    ///     {"scopeName":"source.js","styles":[{"foreground":"#D3D7DE","background":"#181C24",
    ///      "fontStyle":""},…],"stacks":[{"scopes":["source.js","storage.type.js"],"style":1},…],
    ///      "tokens":[0,3,0, 3,1,1, …],"links":[{"offset":…,"length":…,"target":…}]}
    ///
    /// `tokens` holds offset, length (UTF-16 code units, as in the full shape) and stack index
    /// for each token in input order; style 0 is the theme's default (text no token covers).
    /// One line, ending in a line feed.
    public func renderCompactBytes(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> [UInt8] {
        renderCompactParts(text: text, tokens: tokens, scopeName: scopeName, links: links).joinedBytes()
    }

    /// `renderCompactBytes` in consecutive parts, meant to be written out one after the other:
    /// the styles and stacks, and the tokens cut into parts, all written side by side on the
    /// renderer's threads. (Cutting the stacks too gained nothing: two threads writing the same
    /// scope names bounce their reference counts between the cores.)
    public func renderCompactParts(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil
    ) -> [[UInt8]] {
        let (count, threads, render) = compactPartWriter(
            text: text, tokens: tokens, scopeName: scopeName, links: links)
        return OrderedParts.collect(count: count, jobs: threads, render: render)
    }

    /// `renderCompactBytes` handed to `emit` part by part, in order (see `write`).
    public func writeCompact(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]? = nil,
        to emit: ([UInt8]) -> Void
    ) {
        let (count, threads, render) = compactPartWriter(
            text: text, tokens: tokens, scopeName: scopeName, links: links)
        OrderedParts.run(count: count, jobs: threads, render: render, emit: emit)
    }

    /// Tokens per part of the compact shape: about 300 KB of JSON.
    static let compactTokensPerPart = 16_384

    /// The compact shape's part count (the styles and stacks, then the tokens' parts), the
    /// threads to write them on and how to write a part. A short document's two parts are
    /// written in turn: not worth a thread.
    private func compactPartWriter(
        text: String, tokens: [DocumentToken], scopeName: String?, links: [RenderedLink]?
    ) -> (count: Int, threads: Int, render: (Int, inout [UInt8]) -> Void) {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: jobs)
        let runs = document.runs
        let bounds = partBounds(
            runs.count, jobs: jobs, minimum: StyledDocument.minimumTokensPerPart,
            maximum: Self.compactTokensPerPart)
        let starts = Self.cursorStarts(of: runs, bounds: bounds, bytes: document.bytes)
        let render = { (piece: Int, output: inout [UInt8]) in
            guard piece > 0 else {
                output.reserveCapacity(document.stacks.count * 120 + document.styles.count * 80 + 64)
                output.append("{\"scopeName\":")
                Self.appendNullable(scopeName, to: &output)
                output.append(",\"styles\":[")
                for (index, style) in document.styles.enumerated() {
                    output.append(index > 0 ? ",{" : "{")
                    Self.appendFields(of: style, to: &output)
                    output.append("}")
                }
                output.append("],\"stacks\":[")
                var styleOfStack = [Int](repeating: 0, count: document.stacks.count)
                for run in runs { styleOfStack[run.stack] = run.style }
                for index in document.stacks.indices {
                    if index > 0 { output.append(",") }
                    output.append("{\"scopes\":")
                    Self.appendScopes(of: document.stacks[index], to: &output)
                    output.append(",\"style\":")
                    output.appendDecimal(styleOfStack[index])
                    output.append("}")
                }
                output.append("],\"tokens\":[")
                return
            }
            let part = piece - 1
            let isLast = part == bounds.count - 2
            var cursor = starts[part]
            output.reserveCapacity((bounds[part + 1] - bounds[part]) * 16 + (isLast ? 64 : 0))
            for position in bounds[part]..<bounds[part + 1] {
                let run = runs[position]
                let start = cursor.utf16Offset(atUTF8: run.range.lowerBound)
                let end = cursor.utf16Offset(atUTF8: run.range.upperBound)
                if position > 0 { output.append(",") }
                output.appendDecimal(start)
                output.append(",")
                output.appendDecimal(end - start)
                output.append(",")
                output.appendDecimal(run.stack)
            }
            if isLast {
                output.append("]")
                if let links {
                    output.append(",\"links\":[")
                    for (position, link) in links.enumerated() {
                        if position > 0 { output.append(",") }
                        Self.append(link, to: &output, cursor: &cursor, textLength: document.bytes.count)
                    }
                    output.append("]")
                }
                output.append("}\n")
            }
        }
        return (bounds.count, bounds.count == 2 ? 1 : threadCount(jobs), render)
    }

    /// One link as `{"offset","length","target"}`, its range clamped to the text and in UTF-16.
    static func append(
        _ link: RenderedLink, to output: inout [UInt8], cursor: inout UTF16OffsetCursor, textLength: Int
    ) {
        let lower = min(max(0, link.range.lowerBound), textLength)
        let upper = min(max(lower, link.range.upperBound), textLength)
        let start = cursor.utf16Offset(atUTF8: lower)
        let end = cursor.utf16Offset(atUTF8: upper)
        output.append("{\"offset\":")
        output.appendDecimal(start)
        output.append(",\"length\":")
        output.appendDecimal(end - start)
        output.append(",\"target\":")
        output.appendJSONString(link.target)
        output.append("}")
    }

    /// `"scopes"`'s value: `stack`'s names (outermost first; none for no stack) as a JSON
    /// array, written from its nodes (interned stacks keep no array of names to copy).
    static func appendScopes(of stack: ScopeStack?, to output: inout [UInt8]) {
        output.append("[")
        if let stack {
            withUnsafeTemporaryAllocation(of: Unmanaged<ScopeStack>.self, capacity: stack.depth) { nodes in
                var node: ScopeStack? = stack
                var index = stack.depth
                while let current = node, index > 0 {
                    index -= 1
                    nodes[index] = Unmanaged.passUnretained(current)
                    node = current.parent
                }
                for index in 0..<stack.depth {
                    if index > 0 { output.append(",") }
                    output.appendJSONString(nodes[index].takeUnretainedValue().scopeName)
                }
            }
        }
        output.append("]")
    }

    /// A style's three fields: `"foreground":…,"background":…,"fontStyle":…`.
    static func appendFields(of style: TokenStyle, to output: inout [UInt8]) {
        output.append("\"foreground\":")
        output.appendJSONString(style.foreground.normalizedHex)
        output.append(",\"background\":")
        output.appendJSONString(style.background.normalizedHex)
        output.append(",\"fontStyle\":")
        output.appendJSONString(style.fontStyle.description)
    }

    /// A string, or `null`.
    static func appendNullable(_ text: String?, to output: inout [UInt8]) {
        if let text { output.appendJSONString(text) } else { output.append("null") }
    }
}
