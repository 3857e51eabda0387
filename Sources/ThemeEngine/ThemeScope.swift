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
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        if lhs == rhs { return 0 }
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
