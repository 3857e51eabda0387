import Testing

@testable import TextSegmentation

/// Functions looked up by name in a library opened on first use behave as the library's own.
/// (ICU's, under their versioned names, are used by every line-breaking and column-width test.)
@Suite struct CLibraryTests {
    @Test func aFunctionLookedUpByNameIsTheLibrarys() {
        let math = CLibrary(opening: "libm.so.6")
        let hypotenuse = math.function("hypot", as: (@convention(c) (Double, Double) -> Double).self)
        #expect(hypotenuse(3, 4) == 5)
        #expect(hypotenuse(5, 12) == 13)
        #expect(math.fileName == "libm.so.6")
    }

    @Test func theProcessFindsTheCLibrarysOwnFunctionsAndAnswersNilForOthers() {
        let length = CLibrary.process.lookup(
            "strlen", as: (@convention(c) (UnsafePointer<CChar>) -> Int).self)
        #expect(length.map { $0("highlightd") } == 10)
        #expect(CLibrary.process.lookup("hl_no_such_function", as: (@convention(c) () -> Void).self) == nil)
        #expect(
            CLibrary(opening: "libm.so.6").lookup("hl_no_such_function", as: (@convention(c) () -> Void).self)
                == nil)
    }

    @Test func theSystemSuffixListAnswersThroughTheOpenedLibrary() {
        #expect(PublicSuffixList.shared.isPublicSuffix("co.uk"))
        #expect(!PublicSuffixList.shared.isPublicSuffix("example.co.uk"))
    }
}
