import DocumentStorage
import JSONRPC
import TextLayout
import TextRope

extension Server {
    /// `textStorage/layout`: the document laid out in line fragments in the given containers
    /// (fonts, paragraph style), in the negotiated unit; with `subscribe`, a
    /// `textStorage/didLayout` follows every transaction with the lines that changed.
    func layout(_ params: Params) throws(ResponseError) -> JSONValue {
        let document = try document(params.string("uri"))
        let request = try LayoutRequest(params)
        let incremental: IncrementalLayout
        do {
            let path = request.font.contains("/") ? request.font : try FontLocator.path(forName: request.font)
            let layout = try ParagraphLayout(
                fonts: FontSet(primary: try LayoutFont(path: path)), size: request.size)
            incremental = try IncrementalLayout(
                layout: layout, containers: request.containers, style: request.style)
        } catch {
            throw .invalidParams("\(error)")
        }
        let text = document.storage.text
        incremental.update(text.substring(0..<text.utf8Count), unbreakable: unbreakableSpans(of: document))
        let lines = incremental.fragments
        var shown = lines
        if params.optional("range") != nil {
            let (offset, length) = try params.offsetRange("range")
            let lower: Int
            let upper: Int
            do throws(TextPositionError) {
                lower = text.offset(fromUTF8: try text.utf8Offset(offset, in: encoding), to: .utf16)
                upper = text.offset(fromUTF8: try text.utf8Offset(offset + length, in: encoding), to: .utf16)
            } catch {
                throw .invalidParams("range: \(error)")
            }
            shown = lines.filter {
                $0.range.overlaps(lower..<upper) || ($0.range.lowerBound == lower && lower == upper)
            }
        }
        document.layoutSubscription =
            request.subscribe
            ? LayoutSubscription(layout: incremental, includeClusters: request.includeClusters)
            : nil
        return [
            "version": .integer(document.version),
            "fragments": .array(
                shown.map { fragmentJSON($0, clusters: request.includeClusters, text: text) }),
        ]
    }

    /// Sends `textStorage/didLayout` after a transaction to a subscribed client: the lines
    /// from `start` replacing `deleteCount` lines it holds; the lines after them move, their
    /// ranges by `rangeDelta` and their y coordinates by `yDelta`.
    func pushLayout(_ document: Document, changeInLength: LengthChange) {
        guard let subscription = document.layoutSubscription else { return }
        let text = document.storage.text
        subscription.layout.update(
            text.substring(0..<text.utf8Count), unbreakable: unbreakableSpans(of: document))
        let change = subscription.layout.lastChange
        send(
            .notification(
                method: "textStorage/didLayout",
                params: [
                    "uri": .string(document.uri), "version": .integer(document.version),
                    "start": .integer(change.start), "deleteCount": .integer(change.deleteCount),
                    "rangeDelta": .integer(changeInLength[encoding]), "yDelta": .double(change.yDelta),
                    "fragments": .array(
                        change.lines.map {
                            fragmentJSON($0, clusters: subscription.includeClusters, text: text)
                        }),
                ]))
    }

    /// The UTF-16 ranges of the links and spans line breaking keeps whole.
    private func unbreakableSpans(of document: Document) -> [Range<Int>] {
        let text = document.storage.text
        let all = 0..<text.utf8Count
        let ranges =
            document.storage.links(in: all).filter(\.link.isUnbreakable).map(\.range)
            + document.storage.spans(in: all).filter(\.attribute.isUnbreakable).map(\.range)
        return ranges.map {
            text.offset(
                fromUTF8: $0.lowerBound, to: .utf16)..<text.offset(fromUTF8: $0.upperBound, to: .utf16)
        }
    }

    private func fragmentJSON(_ line: LineFragment, clusters: Bool, text: TextBuffer) -> JSONValue {
        func range(_ range: Range<Int>) -> JSONValue {
            let lower = unit(range.lowerBound, text)
            return ["offset": .integer(lower), "length": .integer(unit(range.upperBound, text) - lower)]
        }
        func rect(_ rect: LayoutRect) -> JSONValue {
            .array([.double(rect.x), .double(rect.y), .double(rect.width), .double(rect.height)])
        }
        var object: [String: JSONValue] = [
            "range": range(line.range), "rect": rect(line.rect), "baseline": .double(line.baseline),
            "fontSize": .double(line.fontSize), "container": .integer(line.container),
        ]
        if let background = line.background { object["background"] = rect(background) }
        if clusters {
            object["clusters"] = .array(
                line.clusters.map { cluster in
                    var object: [String: JSONValue] = [
                        "range": range(cluster.range), "rect": rect(cluster.rect),
                    ]
                    if cluster.isRightToLeft { object["rtl"] = true }
                    return .object(object)
                })
        }
        return .object(object)
    }

    /// A UTF-16 offset of the text in the negotiated unit.
    private func unit(_ utf16: Int, _ text: TextBuffer) -> Int {
        guard encoding != .utf16, let utf8 = try? text.utf8Offset(utf16, in: .utf16) else { return utf16 }
        return text.offset(fromUTF8: utf8, to: encoding)
    }
}
