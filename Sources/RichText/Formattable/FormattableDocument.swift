import JSONSyntax

/// FormattableContent as it arrives: one block, a group of blocks (`{"kind"?, "blocks": […]}`,
/// the reference design's `FormattableContentGroup`), or a list of either.
public indirect enum FormattableDocument: Hashable, Sendable {
    /// One block.
    case block(FormattableContent)
    /// A group's blocks, with its other members (`kind`...).
    case group([FormattableDocument], otherMembers: [String: JSONValue])
    /// A list of blocks or groups.
    case list([FormattableDocument])

    /// Reads any of the three shapes; bad ranges are skipped into `warnings`.
    public init(json: JSONValue, path: String = "", warnings: inout [FormattableContentError])
        throws(FormattableContentError)
    {
        if let items = json.arrayValue {
            var list: [FormattableDocument] = []
            for (index, item) in items.enumerated() {
                list.append(
                    try FormattableDocument(json: item, path: "\(path)[\(index)]", warnings: &warnings))
            }
            self = .list(list)
        } else if var members = json.objectValue, let blocks = members.removeValue(forKey: "blocks") {
            guard let items = blocks.arrayValue else {
                throw FormattableContentError(path: path + ".blocks", message: "must be an array")
            }
            var list: [FormattableDocument] = []
            for (index, item) in items.enumerated() {
                list.append(
                    try FormattableDocument(json: item, path: "\(path).blocks[\(index)]", warnings: &warnings)
                )
            }
            self = .group(list, otherMembers: members)
        } else {
            self = .block(try FormattableContent(json: json, path: path, warnings: &warnings))
        }
    }

    /// Every block, in order.
    public var blocks: [FormattableContent] {
        switch self {
        case .block(let block): [block]
        case .group(let items, _), .list(let items): items.flatMap(\.blocks)
        }
    }

    /// The same shape with every block transformed.
    public func mapBlocks(_ transform: (FormattableContent) -> FormattableContent) -> FormattableDocument {
        switch self {
        case .block(let block): .block(transform(block))
        case .group(let items, let members):
            .group(items.map { $0.mapBlocks(transform) }, otherMembers: members)
        case .list(let items): .list(items.map { $0.mapBlocks(transform) })
        }
    }

    /// The document in its own shape.
    public var json: JSONValue {
        switch self {
        case .block(let block): block.json
        case .group(let items, let members):
            .object(members.merging(["blocks": .array(items.map(\.json))]) { $1 })
        case .list(let items): .array(items.map(\.json))
        }
    }
}
