import Foundation
import TextLayout

/// The Debian fonts the layout tests shape with, found by path as the packages install them.
enum LayoutFonts {
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// Whether every font file is installed (scripts/setup-system.sh installs them); under
    /// `CI=true` a missing one fails the tests that need it instead of skipping them.
    static var present: Bool {
        [serif, sans, cjk, emoji].allSatisfy { FileManager.default.fileExists(atPath: $0) }
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    static func font(_ path: String) throws -> LayoutFont { try LayoutFont(path: path) }
}
