import GrammarEngine
import Testing

/// The YAML grammar on `Fixtures/sample.yaml`, a CI workflow.
@Suite struct BundledGrammarsYAMLTests {
    static let fixture = Result { try GrammarFixture("sample.yaml.txt", language: "yaml") }

    @Test(arguments: [
        ScopeProbe("%«YAML» 1.2", "keyword.other.directive.yaml"),
        ScopeProbe("«---»\n# A CI", "entity.other.document.begin.yaml"),
        ScopeProbe("«# A CI workflow»", "comment.line.number-sign.yaml"),
        ScopeProbe("«name»: Build", "entity.name.tag.yaml"),
        ScopeProbe("name«:» Build", "punctuation.separator.key-value.mapping.yaml"),
        ScopeProbe("name: «Build and test»", "string.unquoted.plain.out.yaml"),
        ScopeProbe("«on»:\n", "entity.name.tag.yaml"),
        ScopeProbe("branches: «[»main", "punctuation.definition.sequence.begin.yaml"),
        ScopeProbe("branches: [«main»", "string.unquoted.plain.in.yaml"),
        ScopeProbe("\"«release/*»\"]", "string.quoted.double.yaml"),
        ScopeProbe("{«types»: [opened", "entity.name.tag.yaml"),
        ScopeProbe("{types: [«opened»", "meta.flow-mapping.yaml"),
        ScopeProbe("draft: «false»}", "constant.language.boolean.yaml"),
        ScopeProbe("defaults: &«defaults»", "entity.name.type.anchor.yaml"),
        ScopeProbe("defaults: «&»defaults", "punctuation.definition.anchor.yaml"),
        ScopeProbe("«runs-on»: ubuntu", "entity.name.tag.yaml"),
        ScopeProbe("timeout-minutes: «30»", "constant.numeric.integer.decimal.yaml"),
        ScopeProbe("retry: «~»", "constant.language.null.yaml"),
        ScopeProbe("enabled: «true»", "constant.language.boolean.yaml"),
        ScopeProbe("ratio: «0.75»", "constant.numeric.float.yaml"),
        ScopeProbe("big: «1.5e+3»", "constant.numeric.float.yaml"),
        ScopeProbe("mask: «0o755»", "constant.numeric.integer.octal.yaml"),
        ScopeProbe("colour: «0xFF00FF»", "constant.numeric.integer.hex.yaml"),
        ScopeProbe("forever: «.inf»", "constant.numeric.float"),
        ScopeProbe("released: «2024-03-01»", "constant.other.timestamp.yaml"),
        ScopeProbe("<<: «*defaults»", "meta.alias.yaml"),
        ScopeProbe("<<: *«defaults»", "variable.other.alias.yaml"),
        ScopeProbe("tag: «!!str» 123", "storage.type.tag-handle.yaml"),
        ScopeProbe("custom: «!vector» [1, 2]", "storage.type.tag-handle.yaml"),
        ScopeProbe("«-» uses:", "punctuation.definition.block.sequence.item.yaml"),
        ScopeProbe("- «uses»:", "entity.name.tag.yaml"),
        ScopeProbe("\"Run «\\\"»tests", "constant.character.escape.yaml"),
        ScopeProbe("«\\t»now", "constant.character.escape.yaml"),
        ScopeProbe("run: «|»", "keyword.control.flow.block-scalar.literal.yaml"),
        ScopeProbe("«swift build --build-tests»", "string.unquoted.block.yaml"),
        ScopeProbe("swift test --parallel «# not a comment»", "string.unquoted.block.yaml"),
        ScopeProbe.without("swift test --parallel «# not a comment»", "comment"),
        ScopeProbe("«env»:\n", "entity.name.tag.yaml"),
        ScopeProbe("'it«''»s", "constant.character.escape"),
        ScopeProbe("'it''«s C.UTF-8»'", "string.quoted.single.yaml"),
        ScopeProbe("description: «>»-", "keyword.control.flow.block-scalar.folded.yaml"),
        ScopeProbe("description: >«-»", "storage.modifier.chomping-indicator.yaml"),
        ScopeProbe("«And keeps a blank line.»", "string.unquoted.block.yaml"),
        ScopeProbe("- «plain scalar with spaces»", "string.unquoted.plain.out.yaml"),
        ScopeProbe("«# trailing comment»", "comment.line.number-sign.yaml"),
        ScopeProbe("- - «nested»", "string.unquoted.plain.out.yaml"),
        ScopeProbe("\"«quoted key»\": value", "entity.name.tag.yaml"),
        ScopeProbe("«?» complex key", "punctuation.definition.key-value.begin.yaml"),
        ScopeProbe("«after_block»: still", "entity.name.tag.yaml"),
        ScopeProbe("--- «|»", "keyword.control.flow.block-scalar.literal.yaml"),
        ScopeProbe("«A literal document.»", "string.unquoted.block.yaml"),
        ScopeProbe("«...»", "entity.other.document.end.yaml"),
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
