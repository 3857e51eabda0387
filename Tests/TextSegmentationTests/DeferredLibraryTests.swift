import Testing

@testable import TextSegmentation

/// Functions looked up by name in a library opened on first use behave as the library's own.
/// (ICU's, under their versioned names, are used by every line-breaking and column-width test.)
@Suite struct DeferredLibraryTests {
    @Test func aFunctionLookedUpByNameIsTheLibrarys() {
        let math = DeferredLibrary("libm.so.6")
        let hypotenuse = math.function("hypot", as: (@convention(c) (Double, Double) -> Double).self)
        #expect(hypotenuse(3, 4) == 5)
        #expect(hypotenuse(5, 12) == 13)
        #expect(math.fileName == "libm.so.6")
    }

    @Test func theSystemSuffixListAnswersThroughTheOpenedLibrary() {
        #expect(PublicSuffixList.shared.isPublicSuffix("co.uk"))
        #expect(!PublicSuffixList.shared.isPublicSuffix("example.co.uk"))
    }
}
