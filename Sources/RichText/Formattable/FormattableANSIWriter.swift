/// Writes styled FormattableContent for a terminal: 24-bit colour escapes, bold, italic,
/// underline and strikethrough, links as OSC 8 hyperlinks, one block per line.
public struct FormattableANSIWriter: Sendable {
    /// Whether to write escapes at all (off: the rendered text only).
    public var colorEnabled: Bool

    /// A writer, with or without escapes.
    public init(colorEnabled: Bool) { self.colorEnabled = colorEnabled }

    /// The text of every block of `document`, styled by `formatter`, each followed by a newline.
    public func text(_ document: FormattableDocument, formatter: FormattableContentFormatter) -> String {
        document.blocks.map { block in
            formatter.segments(of: block).map(segment).joined() + "\n"
        }.joined()
    }

    private func segment(_ segment: StyledSegment) -> String {
        let shown = segment.attachment?.displayText ?? segment.text
        guard colorEnabled else { return shown }
        var codes: [String] = []
        let attributes = segment.attributes
        if attributes.bold == true { codes.append("1") }
        if attributes.italic == true { codes.append("3") }
        if attributes.underline == true { codes.append("4") }
        if attributes.strikethrough == true { codes.append("9") }
        if let color = attributes.color.flatMap(Self.rgb) { codes.append("38;2;\(color)") }
        if let color = attributes.background.flatMap(Self.rgb) { codes.append("48;2;\(color)") }
        var result = codes.isEmpty ? shown : "\u{1B}[\(codes.joined(separator: ";"))m\(shown)\u{1B}[0m"
        // A target with control characters could smuggle escapes into the terminal: leave it out.
        if let url = segment.url, !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            result = "\u{1B}]8;;\(url)\u{1B}\\\(result)\u{1B}]8;;\u{1B}\\"
        }
        return result
    }

    /// `#RRGGBB` as `R;G;B`.
    private static func rgb(_ color: String) -> String? {
        guard TextAttributes.isColor(color), let value = Int(color.dropFirst(), radix: 16) else { return nil }
        return "\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)"
    }
}
