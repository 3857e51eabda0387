import Foundation
import JSONRPC

/// `spanRules` arrays from fuzzer bytes: patterns that work, patterns that backtrack for
/// good or cost time quadratic in a line, patterns that do not compile, and wrong types.
public enum SpanRuleGenerator {
    static let patterns = [
        "@[A-Za-z0-9_]+", "#\\w+", "\\[[^\\[\\]]+\\]", ".", "x*", "", "(", "(a+)+$", "a(?=[^z]*z)", "\\b",
        "(?<=a)b", "[赞]", "\\n", "$", "^", "(?i)WWW", ":\\w+:", "(a|aa)*b", "\\p{L}+",
    ]

    public static func rules(_ input: inout FuzzInput) -> JSONValue {
        if input.below(16) == 0 { return input.pick([.null, .string("x"), .object([:]), .integer(1)]) }
        return .array(
            (0..<(1 + input.below(4))).map { _ in
                var rule: [String: JSONValue] = [
                    "kind": .string(input.pick(["mention", "hashtag", "shortcode", "", "x"])),
                    "pattern": input.below(16) == 0 ? .integer(3) : .string(input.pick(patterns)),
                ]
                if input.bool() {
                    rule["atomic"] = input.below(8) == 0 ? .string("yes") : .bool(input.bool())
                }
                if input.bool() { rule["unbreakable"] = .bool(input.bool()) }
                if input.below(4) == 0 {
                    let huge = String(repeating: "i", count: 2_049)
                    rule["table"] = [
                        "[赞]": ["image": "like.png", "text": "👍"],
                        "[ok]": input.below(8) == 0 ? ["text": .string(huge)] : ["image": "ok.png"],
                        "x": input.below(8) == 0 ? [:] : ["text": "X"],
                    ]
                }
                return .object(rule)
            })
    }
}

/// FormattableContent blocks from fuzzer bytes: ranges sane and hostile (reversed, outside the
/// text, between `\r` and `\n`, inside surrogate pairs, `null` inside `indices`, wrong types).
public enum FormattableGenerator {
    public static func content(_ input: inout FuzzInput) -> JSONValue {
        let text = input.text(maxPieces: 20)
        let length = text.utf16.count
        func index() -> JSONValue {
            switch input.below(10) {
            case 0: return .integer(input.hostileInt())
            case 1: return input.pick([.null, .string("1"), .double(0.5)])
            default: return .integer(input.below(length + 2))
            }
        }
        let ranges: [JSONValue] = (0..<input.below(8)).map { _ in
            var indices: [JSONValue] = [index(), index()]
            if input.below(10) == 0 { indices.insert(.null, at: 1) }
            var range: [String: JSONValue] = [
                "type": input.below(12) == 0
                    ? .integer(1) : .string(input.pick(["user", "link", "site", "", "b"])),
                "indices": .array(indices),
            ]
            if input.bool() { range["atomic"] = .bool(input.bool()) }
            if input.bool() { range["unbreakable"] = .bool(input.bool()) }
            if input.bool() { range["url"] = input.pick([.string("https://a.io"), .array([]), .null]) }
            return .object(range)
        }
        return input.below(16) == 0 ? .string(text) : ["text": .string(text), "ranges": .array(ranges)]
    }
}

/// `textStorage/layout` parameters from fuzzer bytes: containers with hostile measures and
/// many exclusions, real, corrupted and unreadable fonts, every paragraph style.
public enum LayoutParamsGenerator {
    public static func params(uri: String, _ input: inout FuzzInput) -> JSONValue {
        func measure(_ likely: Int) -> JSONValue {
            switch input.below(12) {
            case 0: return .integer(input.hostileInt())
            case 1: return input.pick([.double(1e308), .double(-1), .null, .string("9")])
            case 2: return .double(Double(input.below(1000)) / 7)
            default: return .integer(likely)
            }
        }
        func rect() -> JSONValue {
            .array([
                measure(input.below(300)), measure(input.below(300)), measure(input.below(80)),
                measure(input.below(80)),
            ])
        }
        let containers: [JSONValue] = (0..<(1 + input.below(3))).map { _ in
            var box: [String: JSONValue] = ["width": measure(40 + input.below(400))]
            if input.bool() { box["height"] = measure(20 + input.below(200)) }
            if input.below(4) == 0 {
                box["insets"] = ["top": measure(input.below(10)), "left": measure(input.below(10))]
            }
            let exclusions = input.below(16) == 0 ? 257 : input.below(5)
            if exclusions > 0 {
                box["exclusions"] = .array(
                    (0..<exclusions).map { _ in input.bool() ? ["rect": rect()] : ["ellipse": rect()] })
            }
            return .object(box)
        }
        var params: [String: JSONValue] = [
            "uri": .string(uri), "containers": .array(containers),
            "fonts": [
                "primary": .string(input.pick(FuzzFonts.choices)), "size": measure(4 + input.below(30)),
            ],
        ]
        var style: [String: JSONValue] = [:]
        if input.bool() { style["lineSpacing"] = measure(input.below(8)) }
        if input.below(4) == 0 { style["fit"] = .array([measure(8), measure(8 + input.below(30))]) }
        if input.below(4) == 0 {
            style["background"] = ["horizontalPadding": measure(3), "cornerRadius": measure(4)]
        }
        if input.below(4) == 0 { style["baseDirection"] = .string(input.pick(["auto", "ltr", "rtl", "up"])) }
        if !style.isEmpty { params["paragraphStyle"] = .object(style) }
        if input.bool() {
            params["range"] = ["offset": measure(input.below(20)), "length": measure(input.below(20))]
        }
        params["clusters"] = .bool(input.bool())
        params["subscribe"] = .bool(input.bool())
        return .object(params)
    }
}

/// Font files for layout targets, made once per process from the system's DejaVu Sans: the
/// real file, a truncated copy, a copy with bytes flipped inside its tables, an empty file
/// and a FIFO, plus names fontconfig resolves and device paths.
public enum FuzzFonts {
    public static let real = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public static let choices: [String] = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "highlightd-fuzz-fonts-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths = ["DejaVu Sans", "DejaVu Serif:bold", "", "/dev/zero", "/dev/null", folder.path + "/"]
        guard let bytes = FileManager.default.contents(atPath: real) else { return paths }
        func write(_ name: String, _ data: Data) {
            let path = folder.appendingPathComponent(name).path
            FileManager.default.createFile(atPath: path, contents: data)
            paths.append(path)
        }
        write("real.ttf", bytes)
        write("truncated.ttf", bytes.prefix(1_000))
        var flipped = bytes
        for offset in stride(from: 12, to: min(flipped.count, 4_096), by: 37) { flipped[offset] ^= 0x5A }
        write("flipped.ttf", flipped)
        write("empty.ttf", Data())
        let fifo = folder.appendingPathComponent("fifo.ttf").path
        if mkfifo(fifo, 0o600) == 0 { paths.append(fifo) }
        return paths
    }()
}
