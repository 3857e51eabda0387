import Foundation
import GrammarEngine
import ThemeEngine

/// Theme files (VS Code JSON or `.tmTheme`) loaded and resolved against a few scope stacks:
/// never a trap. Themes load from files, so each input is written to one scratch file.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "highlightd-fuzz-theme-\(getpid()).json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard (try? Data(bytes: start, count: count).write(to: scratch)) != nil,
        let theme = try? Theme.load(from: scratch)
    else { return 0 }
    let stacks = [
        ["source.rust"], ["source.js", "string.quoted.double.js"],
        ["text.html", "meta.tag", "entity.name.tag"],
        ["source.css", "comment.block.css", "punctuation.definition.comment"],
    ]
    for stack in stacks { _ = theme.style(forScopes: stack) }
    return 0
}
