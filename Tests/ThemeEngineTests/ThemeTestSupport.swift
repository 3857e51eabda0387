import Foundation
import TestSupport
import ThemeEngine

/// Builds themes and scratch files for theme tests.
enum ThemeFixtures {
    /// A setting with the given selector and style.
    static func rule(
        _ scope: String?, fg: String? = nil, bg: String? = nil, font: String? = nil
    ) -> RawThemeSetting {
        RawThemeSetting(scope: scope.map { .string($0) }, foreground: fg, background: bg, fontStyle: font)
    }

    /// A theme whose first setting sets the defaults `#F8F8F8` on `#101010`.
    static func theme(_ settings: RawThemeSetting...) -> Theme {
        Theme(RawTheme(settings: [rule(nil, fg: "#F8F8F8", bg: "#101010")] + settings))
    }

    /// A fresh empty folder under the temporary directory.
    static func scratchFolder() throws -> URL {
        try ScratchFolder.make(prefix: "highlightd-themes")
    }

    /// Writes `contents` to `name` inside `folder` and returns its URL.
    @discardableResult
    static func write(_ contents: String, to name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

extension Theme {
    /// The foreground hex of a scope path written as one space-separated string.
    func fg(_ path: String) -> String {
        style(forScopes: path.split(separator: " ").map(String.init)).foreground.hex
    }
}
