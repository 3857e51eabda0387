import Rendering
import Testing

/// Colour escapes for terminals without 24-bit colour.
struct ColorDepthTests {
    @Test(
        arguments: [
            ((255, 0, 0), 196), ((0, 0, 0), 16), ((255, 255, 255), 231), ((128, 128, 128), 244),
            ((95, 135, 175), 67), ((8, 8, 8), 232), ((238, 238, 238), 255),
        ] as [((Int, Int, Int), Int)])
    func theNearestPaletteColourIsChosen(rgb: (Int, Int, Int), index: Int) {
        let color = (red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2))
        #expect(ColorDepth.palette256.testParameters(color) == "38;5;\(index)")
    }

    @Test func basicColoursUseTheSixteenCodes() {
        #expect(ColorDepth.basic16.testParameters((red: 205, green: 0, blue: 0)) == "31")
        #expect(ColorDepth.basic16.testParameters((red: 255, green: 255, blue: 0)) == "93")
        #expect(ColorDepth.basic16.testParameters((red: 0, green: 0, blue: 0), background: true) == "40")
    }

    @Test func theDepthFollowsCOLORTERMOnATerminalAndStays24BitElsewhere() {
        #expect(
            ColorDepth.detect(environment: ["COLORTERM": "truecolor"], outputIsTerminal: true) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"], outputIsTerminal: true) == .trueColor)
        #expect(ColorDepth.detect(environment: [:], outputIsTerminal: true) == .palette256)
        #expect(ColorDepth.detect(environment: [:], outputIsTerminal: false) == .trueColor)
    }
}

extension ColorDepth {
    func testParameters(_ color: (red: UInt8, green: UInt8, blue: UInt8), background: Bool = false) -> String
    {
        sgrParameters(color, background: background)
    }
}
