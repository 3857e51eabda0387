import TestSupport
import Testing
import ThemeEngine

@testable import Rendering

/// `PrefixStyles` against the theme's own whole-path resolution, for stacks entered from the
/// root, from a neighbour, from an unrelated stack and from a deeper one.
struct PrefixStylesTests {
    /// Names with rules in the dark theme, one with a space (two scopes in one name), and names
    /// no rule names.
    static let names = [
        "source.js", "meta.function.js", "string.quoted.double.js", "comment.line.double-slash.js",
        "keyword.control.js", "meta.embedded.block entity.name.tag", "punctuation.definition.string.begin.js",
        "variable.other.readwrite.js", "storage.type.function.js", "no.rule.here",
    ]

    @Test func everyStackGetsTheStyleOfItsWholePathWhicheverStackItIsEnteredFrom() throws {
        let theme = try Theme.builtIn(named: "dark")
        let prefixes = PrefixStyles(theme: theme)
        var generator = SeededGenerator(seed: 29)
        var known: [([String], PrefixStyles.Node)] = []
        for _ in 0..<2_000 {
            let depth = 1 + Int(generator.next() % 9)
            var scopes = ["source.js"]
            while scopes.count < depth {
                scopes.append(Self.names[Int(generator.next() % UInt64(Self.names.count))])
            }
            let near =
                known.isEmpty || generator.next() % 5 == 0
                ? nil : known[Int(generator.next() % UInt64(known.count))]
            let node = prefixes.node(for: scopes, near: near)
            #expect(
                prefixes.style(of: node) == theme.style(forScopes: scopes), "\(scopes) from \(near?.0 ?? [])")
            #expect(prefixes.depth(of: node) == scopes.count)
            #expect(
                prefixes.styles[prefixes.styleIndex(of: node)] == theme.style(forScopes: scopes),
                "the node's style number")
            known.append((scopes, node))
        }
        #expect(Set(prefixes.styles).count == prefixes.styles.count, "each distinct style numbered once")
        #expect(prefixes.styles.count > 3)
    }

    /// The dark theme styles `entity.name.function` under `meta.function-call` apart: the same
    /// name pushed on a path of the same style but other ancestors must not reuse its style.
    @Test func aNameWhoseRuleLooksAtAncestorsIsResolvedUnderEachPathOfTheSameStyle() throws {
        let theme = try Theme.builtIn(named: "dark")
        let call = ["source.js", "meta.function-call.js"]
        let block = ["source.js", "meta.block.js"]
        for order in [[call, block], [block, call]] {
            let prefixes = PrefixStyles(theme: theme)
            #expect(
                prefixes.styleIndex(of: prefixes.node(for: call))
                    == prefixes.styleIndex(of: prefixes.node(for: block)),
                "both parents keep the root's style")
            var styles: [TokenStyle] = []
            for parent in order {
                let scopes = parent + ["entity.name.function.js"]
                let style = prefixes.style(of: prefixes.node(for: scopes))
                #expect(style == theme.style(forScopes: scopes), "\(scopes)")
                styles.append(style)
            }
            #expect(styles[0] != styles[1], "the rule for the name under a call applies to one of them only")
        }
    }

    @Test func aNameWithSpacesIsResolvedAsSeveralScopesAndSoIsEverythingInsideIt() throws {
        let theme = try Theme.builtIn(named: "dark")
        let prefixes = PrefixStyles(theme: theme)
        let outer = ["text.html", "meta.embedded.block source.js"]
        let inner = outer + ["string.quoted.double.js"]
        let outerNode = prefixes.node(for: outer)
        #expect(prefixes.hasSplitNames(outerNode))
        let innerNode = prefixes.node(for: inner, near: (outer, outerNode))
        #expect(prefixes.hasSplitNames(innerNode))
        #expect(prefixes.style(of: innerNode) == theme.style(forScopes: inner))
        #expect(
            prefixes.style(of: innerNode)
                == theme.style(forScopes: [
                    "text.html", "meta.embedded.block", "source.js", "string.quoted.double.js",
                ]))
    }
}
