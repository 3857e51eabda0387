import Testing
import TextSegmentation

/// Tab widths from callers that use the library directly (the daemon caps them at its
/// protocol): any `Int` must wrap without overflowing a column sum.
@Suite("LineBreaker tab widths")
struct LineBreakerTabWidthTests {
    @Test(arguments: [Int.max, Int.max - 1, 1 << 40, 1_025])
    func tabWidthsPastTheMaximumAreClampedAndWrapWithoutTrapping(_ tabWidth: Int) {
        let breaker = LineBreaker(configuration: .init(tabWidth: tabWidth))
        #expect(breaker.configuration.tabWidth == LineBreaker.Configuration.maximumTabWidth)
        // "a" then a tab to column 1,024, then "b": used to compute Int.max + 1.
        #expect(breaker.breaks(in: "a\tb\tc", columns: 2_000) == [2])
        #expect(breaker.breaks(in: "a\tb", columns: Int.max).isEmpty)
    }

    @Test func tabWidthsSetAfterwardsAreClampedToo() {
        var configuration = LineBreaker.Configuration()
        configuration.tabWidth = Int.max
        #expect(configuration.tabWidth == 1_024)
        configuration.tabWidth = Int.min
        #expect(configuration.tabWidth == 1)
        configuration.tabWidth = 4
        #expect(configuration.tabWidth == 4)
    }

    @Test func columnWidthOfATabNeverOverflows() {
        #expect(ColumnWidth.of("\t", atColumn: -1, tabWidth: Int.max) == 1_024)
        #expect(ColumnWidth.of("\t", atColumn: Int.max, tabWidth: Int.max) == 1_024 - Int.max % 1_024)
        #expect(ColumnWidth.of("\t", atColumn: 3, tabWidth: 4) == 1)
    }
}
