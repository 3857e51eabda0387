import DocumentStorage
import Foundation
import GrammarEngine
import ThemeEngine

/// Interns token styles as `StyleID`s for one theme and semantic mapping.
///
/// Id 0 (`StyleID.plain`) is the theme's default style with no semantic type: text no rule
/// styles. Ids are handed out in first-seen order and never change, so a client can cache
/// `entries` and fetch only new ones (`entries(from:)`). One table may serve many documents
/// and threads; interning is locked.
public final class StyleTable: @unchecked Sendable {
    /// The theme styles are resolved with.
    public let theme: Theme
    /// The scope → semantic token mapping.
    public let semanticMapping: SemanticTokenMapping

    private struct Tables {
        var entries: [StyleEntry] = []
        var ids: [StyleEntry: StyleID] = [:]
    }

    // Guarded by `lock`; NSLock keeps this available on every platform the package targets.
    private let lock = NSLock()
    private var storage: Tables

    /// A table for a theme and mapping.
    public init(theme: Theme, semanticMapping: SemanticTokenMapping = .standard) {
        self.theme = theme
        self.semanticMapping = semanticMapping
        let plain = StyleEntry(style: theme.defaultStyle, semantic: nil)
        var initial = Tables()
        initial.entries = [plain]
        initial.ids = [plain: .plain]
        storage = initial
    }

    private func withTables<Result>(_ body: (inout Tables) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }

    /// The number of interned styles.
    public var count: Int { withTables { $0.entries.count } }

    /// The entry of an id (precondition: the table handed it out).
    public subscript(id: StyleID) -> StyleEntry {
        withTables { $0.entries[Int(id.rawValue)] }
    }

    /// All entries, indexed by `StyleID.rawValue`.
    public var entries: [StyleEntry] { withTables { $0.entries } }

    /// The entries with ids from `first` on (for clients that already have the earlier ones).
    public func entries(from first: Int) -> [StyleEntry] {
        withTables { Array($0.entries[min(max(0, first), $0.entries.count)...]) }
    }

    /// The id of an entry, interning it if new.
    public func id(for entry: StyleEntry) -> StyleID {
        withTables { tables in
            if let known = tables.ids[entry] { return known }
            let id = StyleID(rawValue: UInt32(tables.entries.count))
            tables.entries.append(entry)
            tables.ids[entry] = id
            return id
        }
    }

    /// The id for a token's scope path (outermost first): theme style, semantic type and kind.
    ///
    /// Resolves the whole path each call (the reference highlight's way); highlighters resolve
    /// scope stacks node by node instead.
    public func id(forScopes scopes: [String], classification: TokenClassification = .standard) -> StyleID {
        let path = Self.splitting(scopes)
        return id(
            for: StyleEntry(
                style: theme.style(forScopes: path), semantic: semanticMapping.match(path),
                kind: classification.kind(of: scopes)))
    }

    /// Scope names with spaces count as several scopes, as the theme resolves them.
    private static func splitting(_ scopes: [String]) -> [String] {
        guard scopes.contains(where: { $0.contains(" ") }) else { return scopes }
        return scopes.flatMap { $0.split(separator: " ").map(String.init) }
    }
}
