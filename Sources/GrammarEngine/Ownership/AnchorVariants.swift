/// Which of vscode-textmate's four anchor variants a pattern or pattern list is compiled for.
///
/// `\A` may match only on a document's first line before the scan advances (`allowA`), `\G`
/// only at the anchor position (`allowG`); a source with either compiles once per
/// combination, with the disallowed anchor replaced by a pattern that never matches.
struct Anchors: Hashable, Sendable {
    var allowA: Bool
    var allowG: Bool

    /// The variant's slot: A0G0, A1G0, A0G1, A1G1.
    @inline(__always)
    var index: Int { (allowA ? 1 : 0) + (allowG ? 2 : 0) }

    /// All four variants.
    static let all = [false, true].flatMap { g in [false, true].map { a in Anchors(allowA: a, allowG: g) } }
}

/// One published object per anchor variant, each set once and then read without locking.
///
/// Compiled patterns and pattern lists are made lazily, on first use, by the threads that need
/// them (a list's patterns by every thread waiting for it, `ListCompilation`), published once
/// (the first publication wins), and read by every thread after; `PublishedReference` is that
/// contract for one of them.
struct AnchorVariants<Object: AnyObject>: ~Copyable, @unchecked Sendable {
    private let variant0 = PublishedReference<Object>()
    private let variant1 = PublishedReference<Object>()
    private let variant2 = PublishedReference<Object>()
    private let variant3 = PublishedReference<Object>()

    init() {}

    /// The published object of a variant, unowned (these variants keep it alive), if any.
    @inline(__always)
    func unowned(_ anchors: Anchors) -> Unowned<Object>? {
        switch anchors.index {
        case 0: return variant0.loadUnowned()
        case 1: return variant1.loadUnowned()
        case 2: return variant2.loadUnowned()
        default: return variant3.loadUnowned()
        }
    }

    /// The published object of a variant, strongly referenced, if any.
    func object(_ anchors: Anchors) -> Object? {
        unowned(anchors)?.object
    }

    /// Publishes `object` for a variant unless one is there; returns the published one.
    @discardableResult
    func publish(_ object: Object, for anchors: Anchors) -> Object {
        switch anchors.index {
        case 0: return variant0.storeIfNil(object)
        case 1: return variant1.storeIfNil(object)
        case 2: return variant2.storeIfNil(object)
        default: return variant3.storeIfNil(object)
        }
    }
}
