import GrammarEngine
import Testing

/// The Rust grammar on `Fixtures/sample.rs`.
@Suite struct BundledGrammarsRustTests {
    static let fixture = Result { try GrammarFixture("sample.rs.txt", language: "rust") }

    @Test(arguments: [
        ScopeProbe("«//! Crate docs»", "comment.line.documentation.rust"),
        ScopeProbe("«/// An interned symbol.»", "comment.line.documentation.rust"),
        ScopeProbe("«#![allow(dead_code)]»", "meta.attribute.rust"),
        ScopeProbe("#![«allow»(dead_code)]", "entity.other.attribute-name.rust"),
        ScopeProbe("#[«derive»(Debug", "entity.other.attribute-name.rust"),
        ScopeProbe("#[derive(«Debug», Clone", "meta.attribute.rust"),
        ScopeProbe("«use» std::collections", "keyword.other.rust"),
        ScopeProbe("use «std»::collections", "entity.name.namespace.rust"),
        ScopeProbe("std::collections::«HashMap»", "entity.name.type.rust"),
        ScopeProbe("«pub» struct Symbol", "storage.modifier.rust"),
        ScopeProbe("pub «struct» Symbol", "storage.type.struct.rust"),
        ScopeProbe("pub struct «Symbol»(u32)", "entity.name.type.struct.rust"),
        ScopeProbe("Symbol(«u32»);", "entity.name.type.primitive.rust"),
        ScopeProbe("«/* A block comment »", "comment.block.rust"),
        ScopeProbe("/* A block comment «/* with a nested one */»", "comment.block.rust"),
        ScopeProbe("nested one */« still comment »*/", "comment.block.rust"),
        ScopeProbe("pub enum «Token»<'a>", "entity.name.type.enum.rust"),
        ScopeProbe("Token<«'a»>", "storage.modifier.lifetime.rust"),
        ScopeProbe("Token«<»'a>", "punctuation.definition.generic.begin.rust"),
        ScopeProbe("Word(&«'a» str)", "storage.modifier.lifetime.rust"),
        ScopeProbe("pub trait «Resolve»", "entity.name.type.trait.rust"),
        ScopeProbe("fn «resolve»(&self", "entity.name.function.rust"),
        ScopeProbe("fn resolve(&«self»", "variable.language.self.rust"),
        ScopeProbe("-> «Option»<&str>", "entity.name.type.rust"),
        ScopeProbe("mod «tests» {}", "entity.name.namespace.rust"),
        ScopeProbe("const «LIMIT»: usize", "variable.other.constant.rust"),
        ScopeProbe("LIMIT: usize = «1_000»", "constant.numeric.integer.decimal.rust"),
        ScopeProbe("static «mut» COUNTER", "storage.modifier"),
        ScopeProbe("«0xFF_u64»", "constant.numeric.integer.hex.rust"),
        ScopeProbe("0xFF_«u64»", "entity.name.type.numeric.rust"),
        ScopeProbe("«impl»<'a> Interner", "storage.type.impl.rust"),
        ScopeProbe("«0o777»", "constant.numeric.integer.octal.rust"),
        ScopeProbe("«0b1010_1010u8»", "constant.numeric.integer.binary.rust"),
        ScopeProbe("«1u32» as i32", "constant.numeric.integer.decimal.rust"),
        ScopeProbe("1u32 «as» i32", "keyword.other.rust"),
        ScopeProbe("«1.5e-3f64»", "constant.numeric.float.rust"),
        ScopeProbe("+ «2.0» +", "constant.numeric.float.rust"),
        ScopeProbe("«3f32» as f64", "constant.numeric.float.rust"),
        ScopeProbe("ch = «'\\n'»", "string.quoted.single.char.rust"),
        ScopeProbe("ch = '«\\n»'", "constant.character.escape.rust"),
        ScopeProbe("quote = «b'\"'»", "string.quoted.single.char.rust"),
        ScopeProbe("«r#\"raw \"quoted\" \\n string\"#»", "string.quoted.double.raw.rust"),
        ScopeProbe.without("r#\"raw \"quoted\" «\\n» string", "constant.character.escape"),
        ScopeProbe("\"C:«\\\\»dir", "constant.character.escape.rust"),
        ScopeProbe("«\\u{1F600}»", "constant.character.escape.rust"),
        ScopeProbe("«if» let Some", "keyword.control.rust"),
        ScopeProbe("let «masks» = [", "variable.other.rust"),
        ScopeProbe.without("self.«map».get", "variable.other.rust"),
        ScopeProbe("if «let» Some", "storage.type.let.rust"),
        ScopeProbe("if let «Some»(&id)", "support.constant.core.rust"),
        ScopeProbe("self.map.«get»(text)", "entity.name.function.rust"),
        ScopeProbe("'«outer»: for", "entity.name.label.rust"),
        ScopeProbe("for i «in» 0", "keyword.control"),
        ScopeProbe("0«..=»10", "keyword.operator.range.rust"),
        ScopeProbe("break «'outer»", "storage.modifier.lifetime.rust"),
        ScopeProbe("«println!»(\"interned", "entity.name.function.macro.rust"),
        ScopeProbe("\"«interned »{}", "string.quoted.double.rust"),
        ScopeProbe("interned «{}» as", "constant.other.placeholder.rust"),
        ScopeProbe("as «{name:?}»\"", "constant.other.placeholder.rust"),
        ScopeProbe("Box<«dyn» Fn", "storage.modifier.rust"),
        ScopeProbe("Box::new(«move» |x|", "storage.modifier.rust"),
        ScopeProbe("Vec«::»<u8>", "keyword.operator.namespace.rust"),
        ScopeProbe("Vec<Vec<u8«>»> = Vec::new()", "punctuation.definition.generic.end.rust"),
        ScopeProbe("Vec<Vec<u8>«>» = Vec::new()", "punctuation.definition.generic.end.rust"),
        ScopeProbe("«async» fn fetch", "storage.modifier.rust"),
        ScopeProbe("load().«await»?", "keyword.control.await.rust"),
        ScopeProbe("load().await«?»", "keyword.operator.question.rust"),
        ScopeProbe("«macro_rules!» square", "entity.name.function.macro.rules.rust"),
        ScopeProbe("macro_rules! «square»", "entity.name.function.macro.rust"),
        ScopeProbe("(«$x»:expr)", "variable.other.metavariable.rust"),
        ScopeProbe("($x:«expr»)", "entity.name.type.metavariable.specifier.rust"),
        ScopeProbe("«=>» { $x", "keyword.operator.arrow.fat.rust"),
        ScopeProbe("    «fn» resolve", "storage.type.function.rust"),
        ScopeProbe("«{»\n    fn resolve", "meta.block.rust"),
    ])
    func scopesAtProbes(probe: ScopeProbe) throws {
        try Self.fixture.get().check(probe)
    }

    @Test func nestedBlockCommentsNest() throws {
        let scopes = try #require(try Self.fixture.get().scopes(at: "/* A block comment /* «with» a nested"))
        #expect(scopes.filter { $0 == "comment.block.rust" }.count == 2)
        let after = try #require(try Self.fixture.get().scopes(at: "nested one */ «still» comment"))
        #expect(after.filter { $0 == "comment.block.rust" }.count == 1)
    }

    @Test func fixtureEndsInTheRootStateWithNoDisabledPattern() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.endStateDepth == fixture.initialDepth)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }
}
