import DocumentStorage
import TextRope

/// The naive model of a text storage: UTF-8 bytes plus one attribute value per byte.
struct StorageModel {
    var bytes: [UInt8] = []
    var styles: [StyleID] = []
    var links: [LinkAttribute?] = []
    var spans: [SpanAttribute?] = []

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Applies a text edit: the replaced bytes lose their attributes, inserted ones are empty.
    mutating func replace(_ range: Range<Int>, with text: String) {
        let inserted = Array(text.utf8)
        bytes.replaceSubrange(range, with: inserted)
        styles.replaceSubrange(range, with: Array(repeating: .plain, count: inserted.count))
        links.replaceSubrange(range, with: Array(repeating: nil, count: inserted.count))
        spans.replaceSubrange(range, with: Array(repeating: nil, count: inserted.count))
    }

    mutating func setStyles(_ runs: [AttributeRun<StyleID>], at offset: Int) {
        var position = offset
        for run in runs {
            for index in position..<(position + run.length) { styles[index] = run.value }
            position += run.length
        }
    }

    /// Applies a delta's changes to these attributes.
    mutating func apply(_ delta: AttributeDelta) {
        for change in delta.changes {
            setStyles(change.syntaxRuns, at: change.range.lowerBound.rawValue)
            for index in change.range { links[offset: index] = nil }
            for span in change.links {
                for index in span.range { links[offset: index] = span.link }
            }
            for index in change.range { spans[offset: index] = nil }
            for span in change.spans {
                for index in span.range { spans[offset: index] = span.attribute }
            }
        }
    }

    /// UTF-8 offsets where lines start (\n, \r\n, \r).
    var lineStarts: [Int] {
        var result = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                result.append(index + 1)
            } else if bytes[index] == 0x0A {
                result.append(index + 1)
            }
            index += 1
        }
        return result
    }

    /// `NSString.paragraphRange(for:)` computed from the line starts.
    func paragraphRange(for range: Range<Int>) -> Range<Int> {
        let starts = lineStarts
        let last = range.isEmpty ? range.lowerBound : range.upperBound - 1
        let start = starts.last { $0 <= range.lowerBound } ?? 0
        // The line holding `last`: the last line start at or before it, unless `last` sits
        // between \r and \n (then it still belongs to the \r's line).
        var lineOfLast = starts.lastIndex { $0 <= last } ?? 0
        if last > 0, starts[lineOfLast] == last, bytes[last - 1] == 0x0D, last < bytes.count,
            bytes[last] == 0x0A
        {
            lineOfLast -= 1
        }
        let end = lineOfLast + 1 < starts.count ? starts[lineOfLast + 1] : bytes.count
        return start..<end
    }
}

extension Array {
    /// The model's per-byte arrays read and written at a storage offset.
    subscript(offset offset: UTF8Offset) -> Element {
        get { self[offset.rawValue] }
        set { self[offset.rawValue] = newValue }
    }
}
