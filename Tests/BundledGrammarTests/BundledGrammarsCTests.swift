import GrammarEngine
import Testing

/// The C grammar on `Fixtures/sample.c`.
@Suite struct BundledGrammarsCTests {
    static let fixture = Result { try GrammarFixture("sample.c.txt", language: "c") }

    @Test(arguments: [
        ScopeProbe("«/**»\n * A ring", "comment.block.documentation.c"),
        ScopeProbe("«A ring buffer of bytes.»", "comment.block.documentation.c"),
        ScopeProbe("«@param» capacity", "storage.type.class.doxygen.c"),
        ScopeProbe("«#include <stdio.h>»", "meta.preprocessor.include.c"),
        ScopeProbe("#«include» <stdio.h>", "keyword.control.directive.include.c"),
        ScopeProbe("#include «<stdio.h>»", "string.quoted.other.lt-gt.include.c"),
        ScopeProbe("#include «\"ring.h\"»", "string.quoted.double.include.c"),
        ScopeProbe("#«define» RING_MAX", "keyword.control.directive.define.c"),
        ScopeProbe("#define «RING_MAX» 4096u", "entity.name.function.preprocessor.c"),
        ScopeProbe("#define RING_MAX «4096u»", "constant.numeric.integer.decimal.c"),
        ScopeProbe("#define «RING_MASK»(r)", "entity.name.function.preprocessor.c"),
        ScopeProbe("#define RING_MASK(«r»)", "variable.parameter.preprocessor.c"),
        ScopeProbe("«typeof»(a) tmp_", "meta.preprocessor.macro.c"),
        ScopeProbe("do { «\\»", "constant.character.escape.line-continuation.c"),
        ScopeProbe("«} while (0)»", "meta.preprocessor.macro.c"),
        ScopeProbe("#«if» defined(__GNUC__)", "keyword.control.directive.conditional.c"),
        ScopeProbe("#if «defined»(__GNUC__)", "keyword.control.directive.conditional"),
        ScopeProbe("#  «define» LIKELY", "keyword.control.directive.define.c"),
        ScopeProbe("«#else»", "meta.preprocessor.conditional.c"),
        ScopeProbe("«this code is switched off: int broken = ;»", "comment.block.preprocessor.if-branch.c"),
        ScopeProbe("«typedef» struct ring", "storage.type.typedef.c"),
        ScopeProbe("typedef «struct» ring", "storage.type.struct.c"),
        ScopeProbe("typedef struct «ring» {", "entity.name.type.struct.c"),
        ScopeProbe("«uint8_t» *data", "support.type.c"),
        ScopeProbe("«unsigned» long capacity", "storage.type.built-in.primitive.c"),
        ScopeProbe("} «ring_t»;", "entity.name.type.typedef.c"),
        ScopeProbe("enum «state» {", "entity.name.type.enum.c"),
        ScopeProbe("FULL = «0x1F»", "constant.numeric.integer.hex.c"),
        ScopeProbe("HALF = «0b10»", "constant.numeric.integer.binary.c"),
        ScopeProbe("MODE = «0755»", "constant.numeric.integer.octal.c"),
        ScopeProbe("«static» inline", "storage.modifier.c"),
        ScopeProbe("«__attribute__»((always_inline", "storage.modifier.attribute.c"),
        ScopeProbe("__attribute__((«always_inline»", "entity.other.attribute-name.c"),
        ScopeProbe("«__attribute__((always_inline, unused))»", "meta.attribute.c"),
        ScopeProbe("int «ring_full»(const", "entity.name.function.c"),
        ScopeProbe("ring_full(«const» ring_t", "storage.modifier.c"),
        ScopeProbe("return (r->«head» - r", "variable.other.member.c"),
        ScopeProbe("[[«nodiscard»]]", "entity.other.attribute-name.c"),
        ScopeProbe("«if» (ring_full(r))", "keyword.control.c"),
        ScopeProbe("«fprintf»(stderr", "entity.name.function.c"),
        ScopeProbe("fprintf(«stderr»", "support.constant.c"),
        ScopeProbe("\"ring «%p» full", "constant.other.placeholder.c"),
        ScopeProbe("full: «%zu»/", "constant.other.placeholder.c"),
        ScopeProbe("/«%5.2f»", "constant.other.placeholder.c"),
        ScopeProbe("%%«\\n»\"", "constant.character.escape.c"),
        ScopeProbe("\"«ring »%p", "string.quoted.double.c"),
        ScopeProbe("r->head«++»", "keyword.operator.increment-decrement.c"),
        ScopeProbe("char c = «'\\n'»", "string.quoted.single.c"),
        ScopeProbe("q = '«\\'»'", "constant.character.escape.c"),
        ScopeProbe("«1.5e-3» + .25f", "constant.numeric.float.c"),
        ScopeProbe("+ «.25f» +", "constant.numeric.float.c"),
        ScopeProbe("«0x1.8p3»", "constant.numeric.float.hexadecimal.c"),
        ScopeProbe("«10.0L»", "constant.numeric.float.c"),
        ScopeProbe("«123456789LL»", "constant.numeric.integer.decimal.c"),
        ScopeProbe("«0xDEADBEEFull»", "constant.numeric.integer.hex.c"),
        ScopeProbe("«goto» done", "keyword.control.c"),
        ScopeProbe("«done»:\n", "entity.name.label.c"),
        ScopeProbe("return «sizeof»(byte)", "keyword.operator.sizeof.c"),
        ScopeProbe("> 0 «?» 0", "keyword.operator.ternary.c"),
        ScopeProbe("«// never negative»", "comment.line.double-slash.c"),
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
