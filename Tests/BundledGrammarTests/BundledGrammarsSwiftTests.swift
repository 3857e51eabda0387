import GrammarEngine
import Testing

/// The Swift grammar on `Fixtures/sample.swift`.
@Suite struct BundledGrammarsSwiftTests {
    static let fixture = Result { try GrammarFixture("sample.swift.txt", language: "swift") }

    @Test(arguments: [
        ScopeProbe("«import» Foundation", "keyword.control.import.swift"),
        ScopeProbe("import «Foundation»", "entity.name.namespace.swift"),
        ScopeProbe("«/// A cache of rendered lines.»", "comment.line.triple-slash.documentation.swift"),
        ScopeProbe("/// «- Parameter» capacity", "keyword.other.documentation.swift"),
        ScopeProbe("«@»MainActor", "punctuation.definition.attribute.swift"),
        ScopeProbe("@«MainActor»", "entity.other.attribute-name.swift"),
        ScopeProbe("«public» final class", "storage.modifier.swift"),
        ScopeProbe("final «class» LineCache", "storage.type.class.swift"),
        ScopeProbe("class «LineCache»<Key", "entity.name.type.class.swift"),
        ScopeProbe("LineCache«<»Key", "punctuation.separator.generic-argument-clause.begin.swift"),
        ScopeProbe("<Key: «Hashable», Value>", "support.type.swift"),
        ScopeProbe("«/* Outer comment »", "comment.block.swift"),
        ScopeProbe("/* Outer comment «/* nested comment */»", "comment.block.swift"),
        ScopeProbe("nested comment */« still outer »*/", "comment.block.swift"),
        ScopeProbe("private «var» storage", "storage.type.variable.swift"),
        ScopeProbe("[Key: «Value»]", "entity.name.type.swift"),
        ScopeProbe("«0xFF_FF»", "constant.numeric.integer.hex.swift"),
        ScopeProbe("«0o755»", "constant.numeric.integer.octal.swift"),
        ScopeProbe("«0b1010»", "constant.numeric.integer.binary.swift"),
        ScopeProbe("«1.5e-3»", "constant.numeric.float.decimal.swift"),
        ScopeProbe("public «init»(capacity", "entity.name.function.swift"),
        ScopeProbe("init(«capacity»: Int = 64)", "variable.parameter.function.swift"),
        ScopeProbe("«self».capacity = capacity", "variable.language.swift"),
        ScopeProbe("«@discardableResult»", "meta.attribute.swift"),
        ScopeProbe("«func» insert", "storage.type.function.swift"),
        ScopeProbe("func «insert»(_ value", "entity.name.function.swift"),
        ScopeProbe("insert(«_» value", "variable.parameter.function.swift"),
        ScopeProbe("insert(_ «value»: Value", "variable.parameter.function.swift"),
        ScopeProbe("Value, «for» key: Key)", "variable.parameter.function.swift"),
        ScopeProbe("Key) «async» throws", "storage.modifier.swift"),
        ScopeProbe("async throws «->» Value?", "keyword.operator.function-result.swift"),
        ScopeProbe("«guard» storage.count", "keyword.control.swift"),
        ScopeProbe("storage.«count» <", "variable.other.member.swift"),
        ScopeProbe("«throw» CacheError", "keyword.control.swift"),
        ScopeProbe("«defer» {", "keyword.control.swift"),
        ScopeProbe("{ «print»(\"inserted", "entity.name.function.call.swift"),
        ScopeProbe("\"«inserted »\\(key)", "string.quoted.double.single-line.swift"),
        ScopeProbe("inserted «\\(»key)", "punctuation.section.embedded.begin.swift"),
        ScopeProbe("inserted \\(«key»)", "meta.embedded.line.swift"),
        ScopeProbe("inserted \\(«key»)", "source.swift"),
        ScopeProbe("with \\(«describe»(value", "entity.name.function.call.swift"),
        ScopeProbe("limit: «3»)) entries", "constant.numeric.integer.decimal.swift"),
        ScopeProbe("limit: 3)«)» entries", "punctuation.section.embedded.end.swift"),
        ScopeProbe("3)) «entries»\"", "string.quoted.double.single-line.swift"),
        ScopeProbe("old «??» nil", "keyword.operator.nil-coalescing.swift"),
        ScopeProbe("?? «nil»", "constant.language.nil.swift"),
        ScopeProbe("enum «CacheError»: Error", "entity.name.type.enum.swift"),
        ScopeProbe("case «missing»", "variable.other.enummember.swift"),
        ScopeProbe("struct «Report»", "entity.name.type.struct.swift"),
        ScopeProbe("\"Report«\\t»", "constant.character.escape.swift"),
        ScopeProbe("«\\u{1F4C8}»", "constant.character.escape.swift"),
        ScopeProbe("«\"\"\"»\n        Multi-line", "string.quoted.double.block.swift"),
        ScopeProbe("«Multi-line »\\(title)", "string.quoted.double.block.swift"),
        ScopeProbe("Multi-line \\(«title»)", "meta.embedded.line.swift"),
        ScopeProbe("«with \"quotes\" and a »", "string.quoted.double.block.swift"),
        ScopeProbe("and a «\\\\» backslash", "constant.character.escape.swift"),
        ScopeProbe("raw = «#\"»raw", "string.quoted.double.single-line.raw.swift"),
        ScopeProbe.without("#\"raw «\\n» and", "constant.character.escape"),
        ScopeProbe("and «\\#(»title)", "punctuation.section.embedded.begin.swift"),
        ScopeProbe("«extension» Array", "storage.type.extension.swift"),
        ScopeProbe("Array «where» Element", "keyword.control.swift"),
        ScopeProbe("{ «$0» + $1 }", "variable.language.closure-parameter.swift"),
        ScopeProbe("«#if» os(Linux)", "meta.preprocessor.conditional.swift"),
        ScopeProbe("#if «os»(Linux)", "support.function.platform-condition.swift"),
        ScopeProbe("#«endif»", "keyword.control.preprocessor.conditional.swift"),
        ScopeProbe("].«map» { $0", "entity.name.function.call.swift"),
        ScopeProbe("if #«available»(macOS", "keyword.control.availability.swift"),
        ScopeProbe("values.first «as» Int?", "keyword.operator.type-casting.swift"),
        ScopeProbe("1«...»3", "keyword.operator.range.swift"),
        ScopeProbe("1«..<»3", "keyword.operator.range.swift"),
    ])
    func scopesAtProbes(probe: ScopeProbe) throws {
        try Self.fixture.get().check(probe)
    }

    @Test func nestedBlockCommentsNest() throws {
        let fixture = try Self.fixture.get()
        let inner = try #require(fixture.scopes(at: "/* Outer comment /* «nested» comment"))
        #expect(inner.filter { $0 == "comment.block.swift" }.count == 2)
        let outer = try #require(fixture.scopes(at: "nested comment */ «still» outer"))
        #expect(outer.filter { $0 == "comment.block.swift" }.count == 1)
    }

    @Test func fixtureEndsInTheRootStateWithNoDisabledPattern() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.endStateDepth == fixture.initialDepth)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }
}
