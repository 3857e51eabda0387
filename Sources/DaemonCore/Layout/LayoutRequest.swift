import JSONRPC
import TextLayout
import TextRope

/// `textStorage/layout`: the document (at most `Server.maximumLayoutLength` UTF-16 units),
/// the UTF-16 range of the lines to answer with (nil: all), and how to lay it out.
struct LayoutParams {
    let document: DocumentSession
    let shown: Range<UTF16Offset>?
    let request: LayoutRequest

    init(_ params: Params, in server: Server) throws(ResponseError) {
        document = try params.document(at: "uri", in: server)
        request = try LayoutRequest(params)
        let text = document.storage.text
        let length = text.count(in: .utf16)
        guard length <= Server.maximumLayoutLength else {
            throw .invalidParams(
                "uri: the document is \(length) UTF-16 units long; layout takes at most \(Server.maximumLayoutLength)"
            )
        }
        guard params.optional("range") != nil else {
            shown = nil
            return
        }
        let range = try UnitRange(params, at: "range").utf8Range(
            in: text, unit: server.encoding, field: "range")
        shown = text.utf16Range(of: range)
    }
}

/// How `textStorage/layout` lays the text out, read and checked: containers, fonts, paragraph
/// style. Every number must be a finite number within the layout's limits (-32602 otherwise).
struct LayoutRequest {
    var containers: [LayoutContainer]
    var font: String
    var size: Double
    var style: ParagraphStyle
    var includeClusters: Bool
    var subscribe: Bool

    init(_ params: Params) throws(ResponseError) {
        let boxes = try params.array("containers")
        guard !boxes.isEmpty, boxes.count <= 64 else {
            throw .invalidParams("containers: 1 to 64 containers")
        }
        containers = []
        for (index, box) in boxes.enumerated() {
            containers.append(try Self.container(box, at: "containers[\(index)]"))
        }
        font = try params.string("fonts.primary")
        size = try Self.number(params.optional("fonts.size"), at: "fonts.size")
        var style = ParagraphStyle()
        if let spacing = params.optional("paragraphStyle.lineSpacing") {
            style.lineSpacing = try Self.number(spacing, at: "paragraphStyle.lineSpacing")
        }
        if let fit = params.optional("paragraphStyle.fit") {
            let bounds = try Self.numbers(fit, count: 2, at: "paragraphStyle.fit")
            guard bounds[0] <= bounds[1] else {
                throw .invalidParams("paragraphStyle.fit: [min, max] with min <= max")
            }
            style.fitSizes = bounds[0]...bounds[1]
        }
        if params.optional("paragraphStyle.background") != nil {
            let background = try params.object("paragraphStyle.background")
            func padding(_ key: String) throws(ResponseError) -> Double {
                try Self.number(
                    background.optional(key) ?? .integer(0), at: "paragraphStyle.background.\(key)")
            }
            style.background = LineBackground(
                horizontalPadding: try padding("horizontalPadding"),
                verticalPadding: try padding("verticalPadding"),
                cornerRadius: try padding("cornerRadius"))
        }
        if let direction = params.optional("paragraphStyle.baseDirection") {
            guard case .string(let name) = direction, let base = ParagraphStyle.BaseDirection(rawValue: name)
            else { throw .invalidParams("paragraphStyle.baseDirection: \"auto\", \"ltr\" or \"rtl\"") }
            style.baseDirection = base
        }
        self.style = style
        includeClusters = try params.bool("clusters", default: false)
        subscribe = try params.bool("subscribe", default: false)
    }

    private static func container(_ value: JSONValue, at path: String) throws(ResponseError)
        -> LayoutContainer
    {
        let box = Params(value)
        var container = LayoutContainer(width: try number(box.optional("width"), at: "\(path).width"))
        if let height = box.optional("height") { container.height = try number(height, at: "\(path).height") }
        if box.optional("insets") != nil {
            func inset(_ key: String) throws(ResponseError) -> Double {
                try number(box.optional("insets.\(key)") ?? .integer(0), at: "\(path).insets.\(key)")
            }
            container.insets = LayoutInsets(
                top: try inset("top"), left: try inset("left"), bottom: try inset("bottom"),
                right: try inset("right"))
        }
        if box.optional("exclusions") != nil {
            for (index, exclusion) in try box.array("exclusions").enumerated() {
                let at = "\(path).exclusions[\(index)]"
                if let rect = exclusion["rect"] {
                    container.exclusions.append(.rect(try self.rect(rect, at: "\(at).rect")))
                } else if let ellipse = exclusion["ellipse"] {
                    container.exclusions.append(.ellipse(try self.rect(ellipse, at: "\(at).ellipse")))
                } else {
                    throw .invalidParams("\(at): {\"rect\": [x, y, width, height]} or {\"ellipse\": [...]}")
                }
            }
        }
        return container
    }

    private static func rect(_ value: JSONValue, at path: String) throws(ResponseError) -> LayoutRect {
        let numbers = try numbers(value, count: 4, at: path)
        return LayoutRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private static func numbers(_ value: JSONValue, count: Int, at path: String) throws(ResponseError)
        -> [Double]
    {
        guard let items = value.arrayValue, items.count == count else {
            throw .invalidParams("\(path) must be an array of \(count) numbers")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() { numbers.append(try number(item, at: "\(path)[\(index)]")) }
        return numbers
    }

    /// A finite number (JSON integer or fraction).
    static func number(_ value: JSONValue?, at path: String) throws(ResponseError) -> Double {
        let number: Double?
        switch value {
        case .integer(let integer)?: number = Double(integer)
        case .double(let double)?: number = double
        default: number = nil
        }
        guard let number, number.isFinite else { throw .invalidParams("\(path) must be a finite number") }
        return number
    }
}
