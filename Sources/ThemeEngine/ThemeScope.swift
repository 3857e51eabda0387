/// Scope-name comparisons shared by theme selectors.
enum ThemeScope {
    /// True when `pattern` names `scope` or one of its ancestors by dot segments:
    /// `string` matches `string` and `string.quoted`, not `strings`.
    static func matches(_ scope: String, _ pattern: String) -> Bool {
        if scope == pattern { return true }
        guard scope.utf8.count > pattern.utf8.count, scope.utf8.starts(with: pattern.utf8) else {
            return false
        }
        let boundary = scope.utf8.index(scope.utf8.startIndex, offsetBy: pattern.utf8.count)
        return scope.utf8[boundary] == UInt8(ascii: ".")
    }

    /// Orders strings by UTF-16 code units, as JavaScript's `<` does.
    ///
    /// Read as UTF-8 bytes where that gives the same order, which is everywhere but where a
    /// character past U+FFFF (a surrogate pair in UTF-16, a lead byte from F0 in UTF-8) meets
    /// one from U+E000 to U+FFFF (lead EE or EF): only there, first difference at two bytes
    /// from EE up, is the UTF-16 view walked. Sorting a theme's rules went through the UTF-16
    /// view for every comparison, transcoding both names each time.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        if lhs == rhs { return 0 }
        let byBytes = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Int? in
                let shared = min(left.count, right.count)
                var index = 0
                while index < shared && left[index] == right[index] { index += 1 }
                guard index < shared else { return left.count < right.count ? -1 : 1 }
                guard left[index] < 0xEE || right[index] < 0xEE else { return nil }
                return left[index] < right[index] ? -1 : 1
            }
        }
        if let order = byBytes.flatMap({ $0 }).flatMap({ $0 }) { return order }
        return lhs.utf16.lexicographicallyPrecedes(rhs.utf16) ? -1 : 1
    }

    /// vscode-textmate's `strArrCmp`: nil first, then shorter first, then element by element.
    static func compare(_ lhs: [String]?, _ rhs: [String]?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let lhs?, let rhs?):
            if lhs.count != rhs.count { return lhs.count - rhs.count }
            for (left, right) in zip(lhs, rhs) {
                let order = compare(left, right)
                if order != 0 { return order }
            }
            return 0
        }
    }
}
