import ArgumentParser
import Foundation
import TextLayout
import TextSegmentation

/// Lays a file out in lines of a width, as a graphical client would: shaped text, line
/// fragments, and the rectangle of every grapheme cluster.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a file out in line fragments (HarfBuzz shaping, UAX #14 breaks, links kept whole).",
        discussion: """
            Prints {"fragments": [{"range", "rect", "baseline", "fontSize", "clusters": [{"range", \
            "rect"}]}]}: ranges in UTF-16 units of the file's text, [start, end); rects as [x, y, \
            width, height] in pixels, origin at the container's top left. Links stay on one \
            line when they fit.
            """
    )

    @Argument(help: "The file to lay out.")
    var file: String

    @Option(help: "A font file, or a font name fontconfig knows (e.g. \"DejaVu Serif\").")
    var font: String

    @Option(help: "The font size in pixels per em.")
    var size: Double

    @Option(help: "The container's width in pixels.")
    var width: Double

    @Option(help: "Output format: json.")
    var format: LayoutFormat = .json

    enum LayoutFormat: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    func run() throws {
        let text: String
        do {
            text = try FileHighlighter.read(file)
        } catch {
            warn("\(error)")
            throw ExitCode.failure
        }
        do {
            // A path (anything with a slash) is opened as given; anything else is a font name.
            let path = font.contains("/") ? font : try FontLocator.path(forName: font)
            let layout = try ParagraphLayout(fonts: FontSet(primary: try LayoutFont(path: path)), size: size)
            let links = LinkDetector().links(in: text).map { $0.utf16Range(in: text) }
            let fragments = try layout.fragments(of: text, width: width, unbreakable: links)
            FileHandle.standardOutput.write(Data(LayoutJSON.encode(fragments).utf8))
            print()
        } catch {
            warn("\(error)")
            throw ExitCode.failure
        }
    }
}

/// The JSON of `layout --format json`, written directly: a large file has a rectangle per
/// character.
enum LayoutJSON {
    static func encode(_ fragments: [LineFragment]) -> String {
        var output = "{\"fragments\":["
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { output += "," }
            output += "\n{\"range\":" + range(fragment.range) + ",\"rect\":" + rect(fragment.rect)
            output +=
                ",\"baseline\":" + number(fragment.baseline) + ",\"fontSize\":" + number(fragment.fontSize)
            output += ",\"clusters\":["
            output += fragment.clusters.map {
                "{\"range\":" + range($0.range) + ",\"rect\":" + rect($0.rect) + "}"
            }
            .joined(separator: ",")
            output += "]}"
        }
        return output + "\n]}"
    }

    static func range(_ range: Range<Int>) -> String { "[\(range.lowerBound),\(range.upperBound)]" }

    static func rect(_ rect: LayoutRect) -> String {
        "[" + [rect.x, rect.y, rect.width, rect.height].map(number).joined(separator: ",") + "]"
    }

    /// A pixel value to 1/1000 of a pixel, without trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
