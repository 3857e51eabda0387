import DocumentStorage
import JSONRPC
import TextLayout
import TextRope

extension Server {
    /// `textStorage/layout`: the document laid out in line fragments in the given containers
    /// (fonts, paragraph style), in the negotiated unit; with `subscribe`, a
    /// `textStorage/didLayout` follows every transaction with the lines that changed.
    func layout(_ params: LayoutParams) throws(ResponseError) -> LayoutResult {
        let (document, request) = (params.document, params.request)
        let text = document.storage.text
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
        incremental.update(
            text, changes: ChangeSet([.init(range: 0..<0, insertedLength: text.utf8Count)]),
            unbreakable: unbreakableSpans(of: document))
        let lines = incremental.fragments
        var shown = lines
        if let range = params.shown {
            shown = lines.filter {
                $0.range.overlaps(range) || ($0.range.lowerBound == range.lowerBound && range.isEmpty)
            }
        }
        if request.includeClusters {
            let units = shown.reduce(0) { $0 + $1.range.count }
            guard units <= Self.maximumClusterUnits else {
                throw .invalidParams(
                    "clusters: the lines asked for hold \(units) UTF-16 units; clusters are sent for at most "
                        + "\(Self.maximumClusterUnits) at once (ask for a range)")
            }
        }
        document.layoutSubscription =
            request.subscribe
            ? LayoutSubscription(layout: incremental, includeClusters: request.includeClusters)
            : nil
        return LayoutResult(
            version: document.version,
            fragments: shown.map { wireFragment($0, clusters: request.includeClusters, text: text) })
    }

    /// Sends `textStorage/didLayout` after a transaction to a subscribed client: the lines
    /// from `start` replacing `deleteCount` lines it holds; the lines after them move, their
    /// ranges by `rangeDelta` and their y coordinates by `yDelta`.
    /// `changes` are the transaction's replacements (none for background work, which changes
    /// only what line breaking keeps whole); then, with `onlyIfChanged`, nothing is sent when
    /// no line changed.
    func pushLayout(
        _ document: DocumentSession, changes: ChangeSet, rangeDelta: Int, onlyIfChanged: Bool = false
    ) {
        guard let subscription = document.layoutSubscription else { return }
        let text = document.storage.text
        let length = text.count(in: .utf16)
        guard length <= Self.maximumLayoutLength else {
            // A layout is about 100 bytes per unit of text: past the cap the subscription ends.
            document.layoutSubscription = nil
            send(
                .notification(
                    method: "textStorage/didEndLayout",
                    params: [
                        "uri": .string(document.uri), "version": .integer(document.version),
                        "reason": .string(
                            "the document is \(length) UTF-16 units long; layout takes at most \(Self.maximumLayoutLength)"
                        ),
                    ]))
            return
        }
        subscription.layout.update(text, changes: changes, unbreakable: unbreakableSpans(of: document))
        let change = subscription.layout.lastChange
        if onlyIfChanged, change.deleteCount == 0, change.lines.isEmpty, change.yDelta == 0 { return }
        send(
            .notification(
                method: "textStorage/didLayout",
                params: [
                    "uri": .string(document.uri), "version": .integer(document.version),
                    "start": .integer(change.start), "deleteCount": .integer(change.deleteCount),
                    "rangeDelta": .integer(rangeDelta), "yDelta": .double(change.yDelta),
                    "fragments": .array(
                        change.lines.map {
                            wireFragment($0, clusters: subscription.includeClusters, text: text).json
                        }),
                ]))
    }

    /// The UTF-16 ranges of the links and spans line breaking keeps whole.
    private func unbreakableSpans(of document: DocumentSession) -> [Range<UTF16Offset>] {
        let text = document.storage.text
        let all = text.utf8Range
        let ranges =
            document.storage.links(in: all).filter(\.link.isUnbreakable).map(\.range)
            + document.storage.spans(in: all).filter(\.attribute.isUnbreakable).map(\.range)
        return ranges.map { text.utf16Range(of: $0) }
    }

    /// A line as the client receives it, its ranges in the negotiated unit.
    private func wireFragment(_ line: LineFragment, clusters: Bool, text: TextBuffer) -> WireFragment {
        WireFragment(line, clusters: clusters) { unit($0, text) }
    }

    /// A UTF-16 offset of the text in the negotiated unit.
    private func unit(_ utf16: UTF16Offset, _ text: TextBuffer) -> Int {
        guard encoding != .utf16, let utf8 = try? text.utf8Offset(of: utf16) else { return utf16.rawValue }
        return text.offset(fromUTF8: utf8, to: encoding)
    }
}

extension Server {
    /// The longest document laid out, in UTF-16 units: a layout (shaped advances, lines and
    /// their clusters) holds about 100 bytes per unit, so a subscription to this much keeps
    /// about 50 MB.
    static let maximumLayoutLength = 1 << 19
    /// The most UTF-16 units whose cluster rects one answer carries: each cluster is about 100
    /// bytes of JSON, and a whole 1 MB document's came to 109 MB.
    static let maximumClusterUnits = 1 << 16
}

/// What `textStorage/layout` answers.
struct LayoutResult: WireEncodable {
    let version: Int
    let fragments: [WireFragment]

    var json: JSONValue { ["version": .integer(version), "fragments": fragments.json] }
}

/// A line fragment as `{range, rect, baseline, fontSize, container, background?, clusters?}`,
/// ranges in the negotiated unit and rects as `[x, y, width, height]`.
struct WireFragment: WireEncodable {
    let line: LineFragment
    let range: UnitRange
    /// Each cluster's range, when clusters are asked for.
    let clusterRanges: [UnitRange]?

    /// `line`, its UTF-16 offsets converted by `unit`.
    init(_ line: LineFragment, clusters: Bool, unit: (UTF16Offset) -> Int) {
        func range(_ range: Range<UTF16Offset>) -> UnitRange {
            let lower = unit(range.lowerBound)
            return UnitRange(offset: lower, length: unit(range.upperBound) - lower)
        }
        self.line = line
        self.range = range(line.range)
        clusterRanges = clusters ? line.clusters.map { range($0.range) } : nil
    }

    var json: JSONValue {
        func rect(_ rect: LayoutRect) -> JSONValue {
            .array([.double(rect.x), .double(rect.y), .double(rect.width), .double(rect.height)])
        }
        var object: [String: JSONValue] = [
            "range": range.json, "rect": rect(line.rect), "baseline": .double(line.baseline),
            "fontSize": .double(line.fontSize), "container": .integer(line.container),
        ]
        if let background = line.background { object["background"] = rect(background) }
        if let clusterRanges {
            object["clusters"] = .array(
                zip(line.clusters, clusterRanges).map { cluster, range in
                    var object: [String: JSONValue] = ["range": range.json, "rect": rect(cluster.rect)]
                    if cluster.isRightToLeft { object["rtl"] = true }
                    return .object(object)
                })
        }
        return .object(object)
    }
}
