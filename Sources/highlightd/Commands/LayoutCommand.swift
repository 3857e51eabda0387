import ArgumentParser
import Foundation
import GrammarEngine
import TextLayout
import TextRope
import TextSegmentation
import ThemeEngine

/// Lays a file out in lines of a width, as a graphical client would: shaped text, line
/// fragments, and the rectangle of every grapheme cluster.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a file out in line fragments (HarfBuzz shaping, UAX #14 breaks, links kept whole).",
        discussion: """
            Prints {"fragments": [{"range", "rect", "baseline", "fontSize", "clusters": [{"range", \
            "rect", "rtl"}]}]}: ranges in UTF-16 units of the file's text, [start, end); rects as \
            [x, y, width, height] in pixels, origin at the container's top left; "rtl": true on \
            clusters of right-to-left runs (bidi order). Links stay on one line when they fit.
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

    @Option(help: "The containers' height in pixels; text that does not fit flows into the next.")
    var height: Double?

    @Option(help: "How many containers of that size the text flows through.")
    var containers = 1

    @Option(help: "Insets inside each container: top,left,bottom,right in pixels.")
    var insets: String?

    @Option(help: "A rectangle text wraps around, x,y,width,height in the first container (repeatable).")
    var exclude: [String] = []

    @Option(help: "An ellipse text wraps around, its bounding box x,y,width,height (repeatable).")
    var excludeEllipse: [String] = []

    @Option(help: "Fit sizing MIN,MAX: each line gets the largest size in the range that fills its width.")
    var fit: String?

    @Option(help: "Extra space between lines in pixels.")
    var lineSpacing = 0.0

    @Option(help: "The paragraphs' base direction: auto (from the first strong character), ltr or rtl.")
    var direction: ParagraphStyle.BaseDirection = .auto

    @Option(help: "A rounded background behind each line: horizontalPadding,verticalPadding,cornerRadius.")
    var background: String?

    @Option(help: "Output format: json or svg.")
    var format: LayoutFormat = .json

    @Flag(help: "With --format svg, outline every grapheme cluster's rectangle.")
    var outlineClusters = false

    @Option(help: "With --format svg: the theme (dark, light or a path) for the syntax colours.")
    var theme = "dark"

    enum LayoutFormat: String, ExpressibleByArgument, CaseIterable {
        case json
        case svg
    }

    func validate() throws {
        guard (1...64).contains(containers) else { throw ValidationError("--containers takes 1 to 64") }
        _ = try Self.numbers(insets, count: 4, option: "--insets")
        for value in exclude + excludeEllipse { _ = try Self.numbers(value, count: 4, option: "--exclude") }
        _ = try Self.numbers(fit, count: 2, option: "--fit")
        _ = try Self.numbers(background, count: 3, option: "--background")
    }

    /// `value` as `count` comma-separated numbers, or nil when the option is absent.
    static func numbers(_ value: String?, count: Int, option: String) throws -> [Double]? {
        guard let value else { return nil }
        let numbers = value.split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == count,
            value.split(separator: ",", omittingEmptySubsequences: false).count == count
        else { throw ValidationError("\(option) takes \(count) comma-separated numbers, not \"\(value)\"") }
        return numbers
    }

    private func rect(_ numbers: [Double]) -> LayoutRect {
        LayoutRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    func run() throws {
        let text: String
        do {
            text = try FileHighlighter.read(file)
        } catch {
            warn("\(error)")
            throw ExitCode.failure
        }
        let inset = try Self.numbers(insets, count: 4, option: "--insets").map {
            LayoutInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
        }
        let exclusions =
            try exclude.map { ExclusionPath.rect(rect(try Self.numbers($0, count: 4, option: "--exclude")!)) }
            + excludeEllipse.map {
                ExclusionPath.ellipse(rect(try Self.numbers($0, count: 4, option: "--exclude-ellipse")!))
            }
        let boxes = (0..<containers).map { index in
            LayoutContainer(
                width: width, height: height, insets: inset ?? .zero, exclusions: index == 0 ? exclusions : []
            )
        }
        let fitSizes = try Self.numbers(fit, count: 2, option: "--fit").map { $0[0]...max($0[0], $0[1]) }
        let backgroundStyle = try Self.numbers(background, count: 3, option: "--background").map {
            LineBackground(horizontalPadding: $0[0], verticalPadding: $0[1], cornerRadius: $0[2])
        }
        let style = ParagraphStyle(
            lineSpacing: lineSpacing, fitSizes: fitSizes, background: backgroundStyle,
            baseDirection: direction)
        do {
            // A path (anything with a slash) is opened as given; anything else is a font name.
            let path = font.contains("/") ? font : try FontLocator.path(forName: font)
            let layout = try ParagraphLayout(fonts: FontSet(primary: try LayoutFont(path: path)), size: size)
            let links = LinkDetector().links(in: text).map { Range(units: $0.utf16Range(in: text)) }
            let fragments = try layout.layout(text, in: boxes, style: style, unbreakable: links)
            switch format {
            case .json:
                FileHandle.standardOutput.write(Data(LayoutJSON.encode(fragments).utf8))
                print()
            case .svg:
                let selection = GrammarSelection()
                let (registry, themes) = selection.makeResources()
                let theme = try Theme.named(self.theme, catalog: themes)
                let grammar = try selection.resolve(in: registry, path: file, text: Substring(text))
                let tokens = grammar?.tokenizeDocument(text) ?? []
                let svg = LayoutSVG(
                    text: text, fragments: fragments, containers: boxes, fontPath: path,
                    colors: LayoutSVG.colors(of: text, tokens: tokens, theme: theme), theme: theme,
                    cornerRadius: backgroundStyle?.cornerRadius ?? 0, outlineClusters: outlineClusters)
                FileHandle.standardOutput.write(Data(svg.render().utf8))
            }
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
            output += "\n{\"range\":" + range(fragment.range.units) + ",\"rect\":" + rect(fragment.rect)
            output +=
                ",\"baseline\":" + number(fragment.baseline) + ",\"fontSize\":" + number(fragment.fontSize)
            output += ",\"container\":\(fragment.container)"
            if let background = fragment.background { output += ",\"background\":" + rect(background) }
            output += ",\"clusters\":["
            output += fragment.clusters.map {
                "{\"range\":" + range($0.range.units) + ",\"rect\":" + rect($0.rect)
                    + ($0.isRightToLeft ? ",\"rtl\":true}" : "}")
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

extension ParagraphStyle.BaseDirection: ExpressibleByArgument {}
