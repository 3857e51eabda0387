import GrammarEngine
import Testing

/// The TOML grammar on `Fixtures/sample.toml`.
@Suite struct BundledGrammarsTOMLTests {
    static let fixture = Result { try GrammarFixture("sample.toml.txt", language: "toml") }

    @Test(arguments: [
        ScopeProbe("«#» A package", "punctuation.definition.comment.toml"),
        ScopeProbe("«title» =", "support.type.property-name.toml"),
        ScopeProbe("\"«quoted key»\" =", "support.type.property-name.toml"),
        ScopeProbe("'«literal \\no escape»'", "string.quoted.single.literal.toml"),
        ScopeProbe.without("'literal «\\n»o escape'", "constant.character.escape"),
        ScopeProbe("site«.»\"google.com\"", "punctuation.separator.dot.toml"),
        ScopeProbe("site.\"«google.com»\"", "support.type.property-name.toml"),
        ScopeProbe("= «true»", "constant.language.boolean.toml"),
        ScopeProbe("[«package»]", "entity.name.section.table.toml"),
        ScopeProbe("«[»package]", "punctuation.definition.table.begin.toml"),
        ScopeProbe("[«[»products]]", "meta.array.table.toml"),
        ScopeProbe("[[«products»]]", "entity.name.section.table.toml"),
        ScopeProbe("[a.'«b»'.\"c\"]", "entity.name.section.table.toml"),
        ScopeProbe("authors = [\"«Ada <ada@example.com>»\"", "string.quoted.double.basic.toml"),
        ScopeProbe("tab«\\t»quote", "constant.character.escape.toml"),
        ScopeProbe("quote«\\\"» unicode", "constant.character.escape.toml"),
        ScopeProbe("unicode«\\u00E9»", "constant.character.escape.toml"),
        ScopeProbe("# «trailing comment»", "comment.line.number-sign.toml"),
        ScopeProbe("{ «version» = \"1.0\"", "support.type.property-name.toml"),
        ScopeProbe("«{» version", "punctuation.definition.table.inline.begin.toml"),
        ScopeProbe("features = [\"«derive»\"]", "meta.table.inline.toml"),
        ScopeProbe("decimal = «+99»", "constant.numeric.integer.decimal.toml"),
        ScopeProbe("grouped = «1_000_000»", "constant.numeric.integer.decimal.toml"),
        ScopeProbe("hex = «0xDEAD_beef»", "constant.numeric.integer.hex.toml"),
        ScopeProbe("octal = «0o755»", "constant.numeric.integer.octal.toml"),
        ScopeProbe("binary = «0b1101_0101»", "constant.numeric.integer.binary.toml"),
        ScopeProbe("float = «6.626e-34»", "constant.numeric.float.toml"),
        ScopeProbe("fraction = «-0.01»", "constant.numeric.float.toml"),
        ScopeProbe("infinity = «-inf»", "constant.numeric.float"),
        ScopeProbe("odt = «1979-05-27T07:32:00Z»", "constant.other.datetime.toml"),
        ScopeProbe("offset = «1979-05-27T00:32:00.999999-07:00»", "constant.other.datetime.toml"),
        ScopeProbe("local_date = «1979-05-27»", "constant.other.datetime.toml"),
        ScopeProbe("local_time = «07:32:00»", "constant.other.time.toml"),
        ScopeProbe("basic_block = «\"\"\"»", "punctuation.definition.string.begin.toml"),
        ScopeProbe("«Roses are red»", "string.quoted.triple.basic.block.toml"),
        ScopeProbe("Roses are red«\\»", "constant.character.escape"),
        ScopeProbe("Violets are «\"blue\"»", "string.quoted.triple.basic.block.toml"),
        ScopeProbe("«\\U0001F600»", "constant.character.escape.toml"),
        ScopeProbe("«C:\\Users\\nodejs\\templates»", "string.quoted.triple.literal.block.toml"),
        ScopeProbe.without("C:\\Users«\\n»odejs", "constant.character.escape"),
        ScopeProbe("after = \"«still highlighted»\"", "string.quoted.double.basic.toml"),
        ScopeProbe("«sku» = 738594937", "support.type.property-name.toml"),
        ScopeProbe("[1, 2],   «# comment inside array»", "comment.line.number-sign.toml"),
        ScopeProbe("[\"all\", '«strings»']", "meta.array.toml"),
    ])
    func scopesAtProbes(probe: ScopeProbe) throws {
        try Self.fixture.get().check(probe)
    }

    @Test func fixtureEndsInTheRootStateWithNoDisabledPattern() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.endStateDepth == fixture.initialDepth)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }
}
