import GrammarEngine

/// Where `count` consecutive items (tokens, spans) are cut into parts handled side by side: on
/// up to `jobs` threads (nil: as many as a whole-document tokenization uses), none with fewer
/// than `minimum` items, so that a short document stays one part. The `parts + 1` bounds run
/// from 0 to `count`.
func partBounds(_ count: Int, jobs: Int?, minimum: Int) -> [Int] {
    let parts = max(1, min(jobs ?? Grammar.defaultDocumentJobs, count / minimum))
    return (0...parts).map { count * $0 / parts }
}
