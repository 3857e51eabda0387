extension ThemeTrieNode {
    /// vscode-textmate's `_cmpBySpecificity`: negative when `lhs` is more specific.
    ///
    /// More target segments win; then parent patterns compared pairwise from the nearest,
    /// longer winning, `>` skipped; then more parent patterns win.
    static func compareSpecificity(_ lhs: ThemeTrieRule, _ rhs: ThemeTrieRule) -> Int {
        if lhs.scopeDepth != rhs.scopeDepth {
            return rhs.scopeDepth - lhs.scopeDepth
        }
        let left = lhs.parentScopes
        let right = rhs.parentScopes
        var leftIndex = 0
        var rightIndex = 0
        while true {
            // Only one `>` is skipped per step, as in vscode-textmate.
            if leftIndex < left.count, left[leftIndex] == ">" { leftIndex += 1 }
            if rightIndex < right.count, right[rightIndex] == ">" { rightIndex += 1 }
            if leftIndex >= left.count || rightIndex >= right.count { break }
            let difference = right[rightIndex].utf16.count - left[leftIndex].utf16.count
            if difference != 0 { return difference }
            leftIndex += 1
            rightIndex += 1
        }
        return right.count - left.count
    }
}
