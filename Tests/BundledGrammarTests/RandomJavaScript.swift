import TestSupport

/// Random JavaScript documents for tests that compare two ways of tokenizing one: lines that
/// open and close block comments, template strings, blocks, strings continued past their line
/// and regular expressions, so that the state a line starts in varies (`<<EOF` is only code
/// to JavaScript).
enum RandomJavaScript {
    static let lines = [
        "let a = 1;", "/* open", "still a comment */", "const s = `", "template ${x}", "`;",
        "function f() {", "}", "\tif (a) {", "\t}", "// line comment", "'str\\", "",
        "x = /re[/]g;", "\tcall(a, \"b\");", "class C {", "\tm() { return 1; }", "a = <<EOF", "EOF",
    ]

    /// Random lines, each ended by one of `terminators`, until the text has at least `bytes`
    /// bytes.
    static func document(
        atLeast bytes: Int, terminators: [String] = ["\n"], using generator: inout SeededGenerator
    ) -> String {
        var text = ""
        while text.utf8.count < bytes {
            text += lines.randomElement(using: &generator)! + terminators.randomElement(using: &generator)!
        }
        return text
    }
}
