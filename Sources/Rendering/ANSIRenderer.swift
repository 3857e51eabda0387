import GrammarEngine
import ThemeEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders highlighted text for a terminal with 24-bit colour escapes.
///
/// Each styled stretch opens with one SGR sequence (foreground, background when it differs from
/// the theme's, bold, italic, underline, strikethrough) and every line ends with a reset before
/// its line break, so pagers and line-oriented tools never see a style span lines. With colour
/// off, the output is exactly the input text.
public struct ANSIRenderer: Sendable {
    /// Options with defaults.
    public struct Configuration: Sendable {
        /// Whether to emit escapes at all; see `ANSIRenderer.shouldUseColor`.
        public var colorEnabled: Bool
        /// Whether to paint the theme's default background too (off: the terminal's shows).
        public var paintsDefaultBackground: Bool
        /// The colours the escapes name: 24-bit, the 256-colour palette, or the basic 16.
        public var depth: ColorDepth

        /// Creates options.
        public init(colorEnabled: Bool, paintsDefaultBackground: Bool = false, depth: ColorDepth = .trueColor)
        {
            self.colorEnabled = colorEnabled
            self.paintsDefaultBackground = paintsDefaultBackground
            self.depth = depth
        }
    }

    /// The escape that clears every attribute.
    public static let reset = "\u{1B}[0m"

    /// The theme that resolves token styles.
    public var theme: Theme
    /// The options.
    public var configuration: Configuration
    /// How many threads may resolve a long document's styles and write its escapes (nil: one
    /// per CPU).
    public var jobs: Int?

    /// Creates a renderer.
    public init(theme: Theme, configuration: Configuration, jobs: Int? = nil) {
        self.theme = theme
        self.configuration = configuration
        self.jobs = jobs
    }

    /// Renders `text` with the styles of `tokens` (UTF-8 byte ranges covering the text).
    public func render(text: String, tokens: [DocumentToken]) -> String {
        guard configuration.colorEnabled else { return text }
        return String(decoding: renderBytes(text: text, tokens: tokens), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes.
    public func renderBytes(text: String, tokens: [DocumentToken]) -> [UInt8] {
        renderParts(text: text, tokens: tokens).joinedBytes()
    }

    /// `renderBytes` in consecutive parts, written side by side on the renderer's threads and
    /// meant to be written out one after the other: joining them copied the whole output once
    /// more, on one thread (on jQuery, 1.5 MB and 290 fresh pages).
    public func renderParts(text: String, tokens: [DocumentToken]) -> [[UInt8]] {
        guard configuration.colorEnabled else { return [Array(text.utf8)] }
        let (count, render) = partWriter(text: text, tokens: tokens)
        return OrderedParts.collect(count: count, jobs: threadCount(jobs), render: render)
    }

    /// `renderBytes` handed to `emit` part by part, in order, as soon as each is written (from
    /// the renderer's threads, one at a time); a part's bytes are only valid during the call.
    public func write(text: String, tokens: [DocumentToken], to emit: ([UInt8]) -> Void) {
        guard configuration.colorEnabled else { return emit(Array(text.utf8)) }
        let (count, render) = partWriter(text: text, tokens: tokens)
        OrderedParts.run(count: count, jobs: threadCount(jobs), render: render, emit: emit)
    }

    /// Tokens per part, about: some 300 KB of output on jQuery.
    static let tokensPerPart = 16_384

    /// The part count and how to write a part.
    private func partWriter(text: String, tokens: [DocumentToken]) -> (
        count: Int, render: (Int, inout [UInt8]) -> Void
    ) {
        let document = StyledDocument(text: text, tokens: tokens, theme: theme, jobs: jobs)
        // One escape per distinct style, and styles whose escapes are equal share an id, so
        // neighbours that look the same are not cut by a reset.
        var escapes: [[UInt8]] = []
        var escapeIds: [[UInt8]: Int] = [:]
        let escapeOfStyle = document.styles.map { style -> Int in
            let escape = Array(sequence(for: style).utf8)
            if let id = escapeIds[escape] { return id }
            escapes.append(escape)
            escapeIds[escape] = escapes.count - 1
            return escapes.count - 1
        }
        let escapePieces = ByteSlices(escapes)
        // Every line ends with no style active, so the text is cut after line feeds into parts
        // written side by side: each part's bytes are those a single pass writes for it.
        let parts = document.bytes.withUnsafeBufferPointer { bytes in
            Self.parts(
                of: bytes,
                count: partBounds(
                    document.runs.count, jobs: jobs, minimum: StyledDocument.minimumTokensPerPart,
                    maximum: Self.tokensPerPart
                )
                .count - 1)
        }
        let firstRuns = document.firstRuns(endingPast: parts.map(\.lowerBound))
        return (
            parts.count,
            { part, output in
                Self.write(
                    document, part: parts[part], fromRun: firstRuns[part], escapes: escapePieces,
                    escapeOfStyle: escapeOfStyle, to: &output)
            }
        )
    }

    /// The most bytes `write` makes of `part`: its text; for each segment its escape and a
    /// reset; for each line feed a reset, and the longest escape again for a segment that goes
    /// on after it. Set aside up front, the output is written once: grown by doubling from a
    /// guess, jQuery's 1.5 MB were copied twice and faulted in twice over.
    private static func capacity(
        of document: StyledDocument, part: Range<Int>, fromRun firstRun: Int,
        in bytes: UnsafeBufferPointer<UInt8>, escapes: ByteSlices, escapeOfStyle: [Int], resetLength: Int
    ) -> Int {
        var total = part.count
        document.forEachSegment(within: part, fromRun: firstRun) { _, style in
            total += escapes.count(of: escapeOfStyle[style]) + resetLength
        }
        let longestEscape = escapes.longest
        var index = part.lowerBound
        while let newline = firstNewline(bytes, from: index, to: part.upperBound) {
            total += longestEscape + 2 * resetLength
            index = newline + 1
        }
        return total
    }

    /// `bytes` cut into up to `count` ranges that each end after a line feed (the last at the
    /// end of the text).
    static func parts(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for part in 1..<max(1, count) {
            guard
                let newline = firstNewline(
                    bytes, from: max(start, bytes.count * part / count), to: bytes.count)
            else { break }
            parts.append(start..<(newline + 1))
            start = newline + 1
        }
        parts.append(start..<bytes.count)
        return parts
    }

    /// The escapes and text of `part` of `document`, which starts a line.
    private static func write(
        _ document: StyledDocument, part: Range<Int>, fromRun firstRun: Int,
        escapes: ByteSlices, escapeOfStyle: [Int], to output: inout [UInt8]
    ) {
        let reset: StaticString = "\u{1B}[0m"
        var active = -1
        escapes.withPieces { escapeBuffer in
            document.bytes.withUnsafeBufferPointer { bytes in
                let limit = capacity(
                    of: document, part: part, fromRun: firstRun, in: bytes, escapes: escapes,
                    escapeOfStyle: escapeOfStyle, resetLength: reset.utf8CodeUnitCount)
                output.appendWriting(atMost: limit) { output in
                    document.forEachSegment(within: part, fromRun: firstRun) { range, style in
                        let escape = escapeOfStyle[style]
                        var index = range.lowerBound
                        while index < range.upperBound {
                            let newline = Self.firstNewline(bytes, from: index, to: range.upperBound)
                            var contentEnd = newline ?? range.upperBound
                            if newline != nil, contentEnd > index, bytes[contentEnd - 1] == UInt8(ascii: "\r")
                            {
                                contentEnd -= 1
                            }
                            if contentEnd > index {
                                if active != escape {
                                    if active >= 0 { output.write(reset) }
                                    output.write(escapeBuffer[escape])
                                    active = escape
                                }
                                output.write(UnsafeBufferPointer(rebasing: bytes[index..<contentEnd]))
                            }
                            guard let newline else { break }
                            if active >= 0 {
                                output.write(reset)
                                active = -1
                            }
                            output.write(UnsafeBufferPointer(rebasing: bytes[contentEnd...newline]))
                            index = newline + 1
                        }
                    }
                    if active >= 0 { output.write(reset) }
                }
            }
        }
    }

    /// The offset of the first line feed in `bytes[start..<end]`, if any (`memchr`).
    static func firstNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, end - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The SGR escape that sets `style`.
    func sequence(for style: TokenStyle) -> String {
        let backdrop = theme.defaultStyle.background
        var codes: [String] = []
        if style.fontStyle.contains(.bold) { codes.append("1") }
        if style.fontStyle.contains(.italic) { codes.append("3") }
        if style.fontStyle.contains(.underline) { codes.append("4") }
        if style.fontStyle.contains(.strikethrough) { codes.append("9") }
        let background = style.background.composited(over: backdrop.rgb)
        let foreground = style.foreground.composited(over: background)
        codes.append(configuration.depth.sgrParameters(foreground, background: false))
        if configuration.paintsDefaultBackground || style.background != backdrop {
            codes.append(configuration.depth.sgrParameters(background, background: true))
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
