internal import CYaml

/// Measures what a YAML document expands to before Yams composes it, and refuses documents past
/// the budgets in ``RawValue``.
///
/// Yams resolves every alias to the anchored node while composing: a few hundred bytes of
/// nested aliases ("billion laughs") or a long chain of them stay small as shared nodes, but
/// Yams hashes mapping keys in full and frees nested nodes recursively, so an alias used as a
/// key takes exponential time and a chain of 100,000 aliases overflows the stack inside Yams.
/// The check reads the parser's events (Yams exposes none, so it uses the libyaml that Yams
/// vendors), sizing each anchored node once and each alias as the node it names.
enum YAMLExpansionCheck {
    /// The expanded size of a node: values (keys included) and nesting depth.
    private struct Extent {
        var values: Int
        var depth: Int
    }

    /// Throws when `text` expands past the value or depth budget. Syntax errors are left for
    /// Yams to report.
    static func check(_ text: String) throws(GrammarError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return }
        var walk = Walk()
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(GrammarError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                try walk.apply(event)
            }
        }
    }

    /// The containers open at the current event and the extents of the anchors seen so far.
    private struct Walk {
        var open: [(anchor: String?, extent: Extent)] = []
        var anchors: [String: Extent] = [:]

        mutating func apply(_ event: yaml_event_t) throws(GrammarError) {
            switch event.type {
            case YAML_SCALAR_EVENT:
                try close(Extent(values: 1, depth: 1), anchor: Self.name(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                // An unknown alias is a syntax error that Yams reports.
                let named = Self.name(event.data.alias.anchor).flatMap { anchors[$0] }
                try close(named ?? Extent(values: 1, depth: 1), anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                open.append((Self.name(event.data.sequence_start.anchor), Extent(values: 1, depth: 1)))
            case YAML_MAPPING_START_EVENT:
                open.append((Self.name(event.data.mapping_start.anchor), Extent(values: 1, depth: 1)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let container = open.popLast() else { return }
                try close(container.extent, anchor: container.anchor)
            default:
                break
            }
        }

        /// Adds a finished node to its container (or to the document) and remembers its anchor.
        private mutating func close(_ extent: Extent, anchor: String?) throws(GrammarError) {
            if let anchor { anchors[anchor] = extent }
            guard let last = open.indices.last else { return }
            var parent = open[last].extent
            // Both terms are within the budget, so the sum cannot overflow.
            parent.values += extent.values
            parent.depth = max(parent.depth, extent.depth + 1)
            guard parent.values <= RawValue.maximumYAMLValues else {
                throw .malformed(
                    message:
                        "YAML: expands to more than \(RawValue.maximumYAMLValues) values (aliases counted)")
            }
            guard parent.depth <= RawValue.maximumYAMLDepth else {
                throw .malformed(
                    message: "YAML: nesting deeper than \(RawValue.maximumYAMLDepth) (aliases expanded)")
            }
            open[last].extent = parent
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
