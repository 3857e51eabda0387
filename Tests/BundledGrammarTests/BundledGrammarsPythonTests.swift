import GrammarEngine
import Testing

/// The Python grammar on `Fixtures/sample.py`.
@Suite struct BundledGrammarsPythonTests {
    static let fixture = Result { try GrammarFixture("sample.py.txt", language: "python") }

    @Test(arguments: [
        ScopeProbe("«#!/usr/bin/env python3»", "comment.line.number-sign.shebang.python"),
        ScopeProbe("«\"\"\"»Inventory tool.", "punctuation.definition.string.begin.python"),
        ScopeProbe("«Reads items and prints a report.»", "string.quoted.docstring.multi.python"),
        ScopeProbe("«from» __future__", "keyword.control.import.python"),
        ScopeProbe("import «os.path» as osp", "entity.name.namespace.python"),
        ScopeProbe("from «collections» import", "entity.name.namespace.python"),
        ScopeProbe("MAX_ITEMS = «1_000»", "constant.numeric.integer.decimal.python"),
        ScopeProbe("RATIO = «6.02e23»", "constant.numeric.float.python"),
        ScopeProbe("«0xFF_FF»", "constant.numeric.integer.hex.python"),
        ScopeProbe("«0o755»", "constant.numeric.integer.octal.python"),
        ScopeProbe("«0b1010»", "constant.numeric.integer.binary.python"),
        ScopeProbe("3 + «4.5j»", "constant.numeric.complex.python"),
        ScopeProbe("«@»dataclass", "punctuation.definition.decorator.python"),
        ScopeProbe("@«dataclass»", "entity.name.function.decorator.python"),
        ScopeProbe("frozen=«True»", "constant.language.boolean.python"),
        ScopeProbe("«class» Item", "storage.type.class.python"),
        ScopeProbe("class «Item»(", "entity.name.type.class.python"),
        ScopeProbe("Item(«Base»,", "entity.other.inherited-class.python"),
        ScopeProbe("«metaclass»=ABCMeta", "variable.parameter.class.python"),
        ScopeProbe("«\"\"\"One stock item.\"\"\"»", "string.quoted.docstring.multi.python"),
        ScopeProbe("name: «str»", "support.type.python"),
        ScopeProbe("    «def» total", "storage.type.function.python"),
        ScopeProbe("def «total»(", "entity.name.function.python"),
        ScopeProbe("total(«self», price", "variable.parameter.function"),
        ScopeProbe("total(«self», price", "variable.language.special.self.python"),
        ScopeProbe("self, «price»: float", "variable.parameter.function.python"),
        ScopeProbe("*«args», **kwargs", "variable.parameter.function.python"),
        ScopeProbe("«**»kwargs", "keyword.operator.unpacking.parameter.python"),
        ScopeProbe("**kwargs) «->» float", "punctuation.separator.annotation.result.python"),
        ScopeProbe("«TODO»: currencies", "keyword.other.todo.python"),
        ScopeProbe("«# TODO: currencies»", "comment.line.number-sign.python"),
        ScopeProbe("return «self».count", "variable.language.special.self.python"),
        ScopeProbe("«async» def load", "storage.modifier.async.python"),
        ScopeProbe("«async» with", "keyword.control.flow.python"),
        ScopeProbe("with «open»(path)", "support.function.builtin.python"),
        ScopeProbe("for line «in» handle", "keyword.operator.logical.python"),
        ScopeProbe("if «not» line", "keyword.operator.logical.python"),
        ScopeProbe("line.«strip»()", "entity.name.function.call.python"),
        ScopeProbe("«continue»", "keyword.control.flow.python"),
        ScopeProbe("Item(«name»=line", "variable.parameter.function-call.python"),
        ScopeProbe("label = «f»\"Total", "storage.type.string.python"),
        ScopeProbe("f\"«Total: »", "meta.fstring.python"),
        ScopeProbe("f\"«Total: »", "string.quoted.double.python"),
        ScopeProbe("Total: «{»len", "punctuation.section.interpolation.begin.python"),
        ScopeProbe("Total: {«len»(items)", "support.function.builtin.python"),
        ScopeProbe("Total: {«len»(items)", "meta.embedded.inline.python"),
        ScopeProbe("{len(items)«:»>", "punctuation.separator.format-spec.python"),
        ScopeProbe(":>{«width»}}", "meta.interpolation.python"),
        ScopeProbe("items[0].name«!r»}", "storage.type.format.conversion.python"),
        ScopeProbe("«{{»literal}}", "constant.character.escape"),
        ScopeProbe("r\"«C:\\new\\table»\"", "string.quoted.double.raw.python"),
        ScopeProbe("msg = \"«%s» has", "constant.character.format.placeholder.other.python"),
        ScopeProbe("has «{0}» items", "constant.character.format.placeholder.other.python"),
        ScopeProbe("items\" «%» label", "keyword.operator.arithmetic.python"),
        ScopeProbe.without("r\"C:«\\n»ew", "constant.character.escape"),
        ScopeProbe("b'«\\x00»bytes", "constant.character.escape.python"),
        ScopeProbe("«b»'\\x00bytes", "storage.type.string.python"),
        ScopeProbe("«line with \"quotes\" and »", "string.quoted.triple.python"),
        ScopeProbe("and «\\t» escape", "constant.character.escape.python"),
        ScopeProbe("«lambda» x", "storage.type.function.lambda.python"),
        ScopeProbe("x «**» 2", "keyword.operator.arithmetic.python"),
        ScopeProbe("is not «None»", "constant.language.none.python"),
        ScopeProbe("«match» label:", "keyword.control.flow.python"),
        ScopeProbe("«case» \"x\"", "keyword.control.flow.python"),
        ScopeProbe("raise «ValueError»", "support.type.exception.python"),
        ScopeProbe("{label«=»}", "storage.type.format.debug.python"),
        ScopeProbe("except («KeyError», OSError)", "support.type.exception.python"),
        ScopeProbe("«except» (", "keyword.control.flow.python"),
        ScopeProbe("self.«__class__».__name__", "support.variable.magic.python"),
        ScopeProbe("if True else «...»", "constant.language.python"),
        ScopeProbe.without("«counts» = defaultdict", "variable.parameter"),
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
