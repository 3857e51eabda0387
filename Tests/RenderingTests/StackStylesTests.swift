import GrammarEngine
import TestSupport
import Testing
import ThemeEngine

@testable import Rendering

/// `StackStyles` against the theme's own whole-path resolution, for stacks whose nodes are
/// shared the way a grammar's interned stacks share them, resolved in random order.
struct StackStylesTests {
    /// Names with rules in the dark theme, one with a space (two scopes in one name), and names
    /// no rule names.
    static let names = [
        "source.js", "meta.function.js", "string.quoted.double.js", "comment.line.double-slash.js",
        "keyword.control.js", "meta.embedded.block entity.name.tag", "punctuation.definition.string.begin.js",
        "variable.other.readwrite.js", "storage.type.function.js", "no.rule.here",
    ]

    /// Stacks pushed onto earlier ones (so that they share their parents' nodes), and some
    /// built afresh from names (so that equal paths also come as other objects).
    @Test func everyStackGetsTheStyleOfItsWholePathWhicheverOrderItsNodesAreMetIn() throws {
        let theme = try Theme.builtIn(named: "dark")
        let resolved = StackStyles(theme: theme)
        var generator = SeededGenerator(seed: 29)
        var known: [ScopeStack] = [ScopeStack(names: ["source.js"])]
        var alive: [ScopeStack] = []
        for _ in 0..<2_000 {
            let name = Self.names[Int(generator.next() % UInt64(Self.names.count))]
            let stack: ScopeStack
            if generator.next() % 5 == 0 {
                stack = ScopeStack(names: ["source.js", name])
            } else {
                stack = known[Int(generator.next() % UInt64(known.count))].pushing(name)
            }
            let scopes = stack.scopeNames
            #expect(resolved.style(of: stack) == theme.style(forScopes: scopes), "\(scopes)")
            #expect(
                resolved.styles[resolved.styleIndex(of: stack)] == theme.style(forScopes: scopes),
                "the stack's style number, asked again")
            // Every stack stays alive, as a document's tokens keep theirs: nodes are known by
            // their address, which a freed node would hand on to a new one.
            alive.append(stack)
            if stack.depth < 9 { known.append(stack) }
        }
        #expect(Set(resolved.styles).count == resolved.styles.count, "each distinct style numbered once")
        #expect(resolved.styles.count > 3)
        #expect(resolved.style(of: nil) == theme.defaultStyle)
    }
}

extension StackStylesTests {
    /// The dark theme styles `entity.name.function` under `meta.function-call` apart: the same
    /// name pushed on a path of the same style but other ancestors must not reuse its style.
    @Test func aNameWhoseRuleLooksAtAncestorsIsResolvedUnderEachPathOfTheSameStyle() throws {
        let theme = try Theme.builtIn(named: "dark")
        let root = ScopeStack(names: ["source.js"])
        let call = root.pushing("meta.function-call.js")
        let block = root.pushing("meta.block.js")
        for order in [[call, block], [block, call]] {
            let resolved = StackStyles(theme: theme)
            #expect(
                resolved.styleIndex(of: call) == resolved.styleIndex(of: block),
                "both parents keep the root's style")
            var styles: [TokenStyle] = []
            // Both stay alive while the resolver knows them by their address.
            let stacks = order.map { $0.pushing("entity.name.function.js") }
            for stack in stacks {
                let style = resolved.style(of: stack)
                #expect(style == theme.style(forScopes: stack.scopeNames), "\(stack.scopeNames)")
                styles.append(style)
            }
            #expect(styles[0] != styles[1], "the rule for the name under a call applies to one of them only")
        }
    }

    @Test func aNameWithSpacesIsResolvedAsSeveralScopesAndSoIsEverythingInsideIt() throws {
        let theme = try Theme.builtIn(named: "dark")
        let resolved = StackStyles(theme: theme)
        let outer = ScopeStack(names: ["text.html"]).pushing("meta.embedded.block source.js")
        let inner = outer.pushing("string.quoted.double.js")
        _ = resolved.style(of: outer)
        #expect(resolved.hasSplitNames(outer))
        #expect(resolved.style(of: inner) == theme.style(forScopes: inner.scopeNames))
        #expect(resolved.hasSplitNames(inner))
        #expect(
            resolved.style(of: inner)
                == theme.style(forScopes: [
                    "text.html", "meta.embedded.block", "source.js", "string.quoted.double.js",
                ]))
    }

    /// Stacks are told apart by identity: equal names in two objects get equal styles, and a
    /// stack met again is not resolved again.
    @Test func equalStacksInOtherObjectsGetTheSameStyleAndAKnownStackIsNotResolvedAgain() throws {
        let theme = try Theme.builtIn(named: "dark")
        let resolved = StackStyles(theme: theme)
        let first = ScopeStack(names: ["source.js", "string.quoted.double.js"])
        let second = ScopeStack(names: ["source.js", "string.quoted.double.js"])
        #expect(first !== second)
        #expect(resolved.styleIndex(of: first) == resolved.styleIndex(of: second))
        let styleCount = resolved.styles.count
        #expect(resolved.styleIndex(of: first) == resolved.styleIndex(of: second))
        #expect(resolved.styles.count == styleCount)
    }
}
