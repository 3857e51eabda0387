import GrammarEngine
import TextSegmentation

/// Links in a whole document, detected line by line (links never cross a line end).
enum DocumentLinks {
    /// The links of `text` as UTF-8 document ranges with their targets.
    ///
    /// Prose (plain text, Markdown, LaTeX, commit messages) links bare domains too; source code
    /// links only what is written as a link (schemes, `www.`, e-mail addresses), so that
    /// member accesses such as `event.target` are not mistaken for domains.
    static func detect(in text: String, scopeName: String?) -> [RenderedLink] {
        let detector = LinkDetector(configuration: isProse(scopeName) ? .prose : .sourceCode)
        var result: [RenderedLink] = []
        var text = text
        text.withUTF8 { bytes in
            var lineStart = 0
            var index = 0
            func flush(_ end: Int) {
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
                for link in detector.links(inUTF8: line) {
                    result.append(
                        RenderedLink(
                            range: (lineStart + link.utf8Range.lowerBound)..<(lineStart
                                + link.utf8Range.upperBound),
                            target: link.target))
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    flush(index)
                    if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                    lineStart = index + 1
                }
                index += 1
            }
            flush(bytes.count)
        }
        return result
    }

    static func isProse(_ scopeName: String?) -> Bool {
        guard let scopeName else { return true }
        return scopeName.hasPrefix("text.")
    }
}
