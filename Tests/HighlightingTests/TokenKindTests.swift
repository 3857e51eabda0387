import Highlighting
import Testing

/// Token kinds as VS Code's standard token types: the innermost scope naming one decides.
@Suite struct TokenKindTests {
    @Test(arguments: [
        (["source.js", "comment.line.double-slash.js"], TokenKind.comment),
        (["source.js", "string.quoted.double.js"], .string),
        (["source.js", "string.regexp.js"], .string),
        (["source.perl", "string.regex.perl"], .string),
        (["source.perl", "regex.perl"], .regex),
        (["source.js", "keyword.control.js"], .other),
        (["source.js", "string.template.js", "meta.template.expression.js"], .string),
        (["source.js", "string.template.js", "meta.embedded.line.js"], .other),
        (["text.html", "comment.block.html", "meta.embedded.block.css", "string.quoted.css"], .string),
        (["source.x", "substring.x", "commentary.x"], .other),
        (["source.x", "string-like.x"], .string),
        (["source.x", "string.x", "meta-embedded.x"], .string),
        (["source.x", "string.x", "meta.x.embedded"], .string),
    ])
    func theInnermostScopeNamingAKindDecides(scopes: [String], kind: TokenKind) {
        #expect(TokenKind(scopes: scopes) == kind)
    }

    @Test func aGrammarsTokenTypesHaveTheLastWord() {
        let overrides = TokenKindOverrides(tokenTypes: [
            "meta.template.expression": "other", "entity.name.function.tagged-template": "other",
            "comment.block.documentation variable": "comment", "ignored": "keyword",
        ])
        #expect(
            TokenKind(
                scopes: ["source.js", "string.template.js", "meta.template.expression.js"],
                overrides: overrides) == .other)
        #expect(
            TokenKind(
                scopes: ["source.js", "comment.block.documentation.js", "variable.other.jsdoc"],
                overrides: overrides) == .comment)
        #expect(TokenKind(scopes: ["source.js", "string.quoted.js"], overrides: overrides) == .string)
        #expect(TokenKind(scopes: ["source.js", "ignored.js"], overrides: overrides) == .other)
    }
}
