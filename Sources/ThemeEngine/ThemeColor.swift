/// A colour from a theme: a validated `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` value.
///
/// Like vscode-textmate's `ColorMap`, two colours are the same when their upper-cased text is
/// the same: `#abc` and `#AABBCC` stay distinct spellings even though they paint alike.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour as written in the theme, upper-cased (`#1A2B3C`, `#ABC`, `#1A2B3C80`).
    public let hex: String
    /// The red channel, 0…255.
    public let red: UInt8
    /// The green channel, 0…255.
    public let green: UInt8
    /// The blue channel, 0…255.
    public let blue: UInt8
    /// The opacity, 0…255 (255 when the colour has no alpha digits).
    public let alpha: UInt8

    /// Parses a hex colour; returns nil for anything but `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard let hash = digits.first, hash == UInt8(ascii: "#") else { return nil }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        for byte in digits.dropFirst() {
            guard let value = Self.nibble(byte) else { return nil }
            nibbles.append(value)
        }
        switch nibbles.count {
        case 3, 4:
            // Short forms repeat each digit: #abc is #aabbcc.
            let channels = nibbles.map { $0 << 4 | $0 }
            self.init(text: text, channels: channels)
        case 6, 8:
            let channels = stride(from: 0, to: nibbles.count, by: 2).map {
                nibbles[$0] << 4 | nibbles[$0 + 1]
            }
            self.init(text: text, channels: channels)
        default:
            return nil
        }
    }

    private init(text: String, channels: [UInt8]) {
        hex = text.uppercased()
        red = channels[0]
        green = channels[1]
        blue = channels[2]
        alpha = channels.count > 3 ? channels[3] : 255
    }

    /// True when `text` is a colour vscode-textmate accepts (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`).
    public static func isValid(_ text: String) -> Bool {
        ThemeColor(hex: text) != nil
    }

    /// The colour as `#RRGGBB` or `#RRGGBBAA` (alpha only when not opaque), for CSS and JSON.
    public var normalizedHex: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map(Self.twoDigits).joined()
    }

    /// The red, green and blue channels, ignoring alpha.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        (red, green, blue)
    }

    /// The colour painted over an opaque `backdrop`: alpha blending, so the result is opaque.
    public func composited(
        over backdrop: (red: UInt8, green: UInt8, blue: UInt8)
    ) -> (red: UInt8, green: UInt8, blue: UInt8) {
        guard alpha < 255 else { return rgb }
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            let value = (Int(top) * Int(alpha) + Int(bottom) * (255 - Int(alpha)) + 127) / 255
            return UInt8(clamping: value)
        }
        return (mix(red, backdrop.red), mix(green, backdrop.green), mix(blue, backdrop.blue))
    }

    /// The upper-cased text.
    public var description: String { hex }

    /// Hashes the channels, not the text: equal colours have equal channels, and four bytes
    /// hash in a fraction of the time of a string (renderers hash every new style).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha))
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func twoDigits(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
