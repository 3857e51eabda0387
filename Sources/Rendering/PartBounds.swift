import GrammarEngine

/// Where `count` consecutive items (tokens, spans) are cut into parts handled side by side: on
/// up to `jobs` threads (nil: as many as a whole-document tokenization uses), none with fewer
/// than `minimum` items, so that a short document stays one part, and, for output handed on
/// part by part (`OrderedParts`), as many more as it takes to keep each under `maximum`. The
/// `parts + 1` bounds run from 0 to `count`.
func partBounds(_ count: Int, jobs: Int?, minimum: Int, maximum: Int = .max) -> [Int] {
    let bounded = count / maximum + (count % maximum == 0 ? 0 : 1)
    let parts = max(1, min(jobs ?? Grammar.defaultDocumentJobs, count / minimum), bounded)
    return (0...parts).map { count * $0 / parts }
}

/// The threads `jobs` asks for (nil: as many as a whole-document tokenization uses).
func threadCount(_ jobs: Int?) -> Int { max(1, jobs ?? Grammar.defaultDocumentJobs) }
