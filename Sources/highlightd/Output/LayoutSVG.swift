import Foundation
import GrammarEngine
import Rendering
import TextLayout
import TextRope
import ThemeEngine

/// Draws a layout as SVG: containers side by side, exclusion shapes, line backgrounds, and
/// the syntax-highlighted text set at the computed positions (each style run from its first
/// cluster's edge; the browser shapes the run with the same font and HarfBuzz, so kerning and
/// ligatures land where the layout put them), optionally every cluster's rectangle outlined.
struct LayoutSVG {
    var text: String
    var fragments: [LineFragment]
    var containers: [LayoutContainer]
    var fontPath: String
    /// The foreground of each UTF-16 unit, and the page colours.
    var colors: [String]
    var theme: Theme
    var cornerRadius: Double
    var outlineClusters: Bool

    static let gap = 32.0

    func render() -> String {
        let units = Array(text.utf16)
        let heights = containers.indices.map { index -> Double in
            let used = fragments.filter { $0.container == index }.map {
                max($0.rect.maxY, $0.background?.maxY ?? 0)
            }
            return max(containers[index].height ?? 0, (used.max() ?? 0) + containers[index].insets.bottom)
        }
        var origins: [Double] = []
        var x = Self.gap
        for container in containers {
            origins.append(x)
            x += container.width + Self.gap
        }
        let width = x
        let height = (heights.max() ?? 0) + 2 * Self.gap
        let page = theme.defaultStyle.background.normalizedHex
        let ink = theme.defaultStyle.foreground.normalizedHex
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))">
            <style>@font-face { font-family: "layout"; src: url("file://\(escape(fontPath))"); }
            text { font-family: "layout"; white-space: pre; }</style>
            <rect width="100%" height="100%" fill="\(page)"/>

            """
        for (index, container) in containers.enumerated() {
            svg += "<g transform=\"translate(\(n(origins[index])) \(n(Self.gap)))\">\n"
            svg += "<rect width=\"\(n(container.width))\" height=\"\(n(heights[index]))\" fill=\"none\" "
            svg += "stroke=\"\(ink)\" stroke-opacity=\"0.35\" stroke-dasharray=\"4 4\"/>\n"
            for exclusion in container.exclusions {
                let b = exclusion.bounds
                switch exclusion {
                case .rect:
                    svg +=
                        "<rect x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" "
                case .ellipse:
                    svg += "<ellipse cx=\"\(n(b.x + b.width / 2))\" cy=\"\(n(b.y + b.height / 2))\" "
                    svg += "rx=\"\(n(b.width / 2))\" ry=\"\(n(b.height / 2))\" "
                }
                svg += "fill=\"\(ink)\" fill-opacity=\"0.18\"/>\n"
            }
            let lines = fragments.filter { $0.container == index }
            for background in lines.compactMap(\.background) {
                svg +=
                    "<rect x=\"\(n(background.x))\" y=\"\(n(background.y))\" width=\"\(n(background.width))\" "
                svg +=
                    "height=\"\(n(background.height))\" rx=\"\(n(cornerRadius))\" fill=\"\(ink)\" fill-opacity=\"0.16\"/>\n"
            }
            for line in lines {
                svg += runs(of: line, units: units)
                if outlineClusters {
                    for cluster in line.clusters where cluster.rect.width > 0 {
                        let r = cluster.rect
                        svg +=
                            "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" "
                        svg += "fill=\"none\" stroke=\"#E0684B\" stroke-width=\"0.75\"/>\n"
                    }
                }
            }
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }

    /// One `<text>` per run of clusters of one colour and direction that sit side by side;
    /// a right-to-left run is drawn from its right edge with the browser's bidi overridden,
    /// so its clusters keep the layout's order and its brackets are mirrored.
    private func runs(of line: LineFragment, units: [UInt16]) -> String {
        var output = ""
        let clusters = line.clusters.filter { cluster in
            let first = units[cluster.range.lowerBound.rawValue]
            return first != 0x0A && first != 0x0D
        }
        func continues(_ previous: ClusterRect, _ next: ClusterRect) -> Bool {
            guard colors[previous.range.lowerBound.rawValue] == colors[next.range.lowerBound.rawValue],
                previous.isRightToLeft == next.isRightToLeft
            else { return false }
            return next.isRightToLeft
                ? abs(next.rect.maxX - previous.rect.x) < 1e-6 : abs(next.rect.x - previous.rect.maxX) < 1e-6
        }
        var start = 0
        while start < clusters.count {
            var end = start + 1
            while end < clusters.count, continues(clusters[end - 1], clusters[end]) { end += 1 }
            let first = clusters[start]
            let range = first.range.lowerBound.rawValue..<clusters[end - 1].range.upperBound.rawValue
            let piece = escape(String(decoding: units[range], as: UTF16.self))
            let color = colors[first.range.lowerBound.rawValue]
            let attributes = "y=\"\(n(line.baseline))\" font-size=\"\(n(line.fontSize))\" fill=\"\(color)\""
            if first.isRightToLeft {
                output += "<text x=\"\(n(first.rect.maxX))\" \(attributes) direction=\"rtl\" "
                output += "unicode-bidi=\"bidi-override\">\(piece)</text>\n"
            } else {
                output += "<text x=\"\(n(first.rect.x))\" \(attributes)>\(piece)</text>\n"
            }
            start = end
        }
        return output
    }

    private func n(_ value: Double) -> String { LayoutJSON.number(value) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The foreground colour of every UTF-16 unit of `text`, from its tokens.
    static func colors(of text: String, tokens: [DocumentToken], theme: Theme) -> [String] {
        let utf16Count = text.utf16.count
        var colors = Array(repeating: theme.defaultStyle.foreground.normalizedHex, count: utf16Count)
        var utf16AtUTF8: [Int] = []
        utf16AtUTF8.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            for _ in 0..<scalar.utf8.count { utf16AtUTF8.append(offset) }
            offset += scalar.utf16.count
        }
        utf16AtUTF8.append(offset)
        for (token, style) in zip(tokens, theme.styles(for: tokens)) {
            let lower = utf16AtUTF8[min(token.range.lowerBound, utf16AtUTF8.count - 1)]
            let upper = utf16AtUTF8[min(token.range.upperBound, utf16AtUTF8.count - 1)]
            for index in lower..<upper { colors[index] = style.foreground.normalizedHex }
        }
        return colors
    }
}
