import Foundation
import JSONSyntax
import Testing

/// Numbers read straight from their digits (`JSONBuilding.integer`) against the same numbers
/// read from their text, as every number was before: the same values for integers of any
/// size, signs, leading zeros, fractions, exponents and the malformed runs both refuse; and
/// objects, now built at their final size, keeping the later of two equal keys.
@Suite struct JSONNumberOracleTests {
    /// `JSONValueBuilder` without the shortcut: every number goes through its text.
    enum TextOnlyBuilder: JSONBuilding {
        static func string(_ value: String) -> JSONValue { .string(value) }
        static func number(_ text: String, isInteger: Bool) -> JSONValue? {
            JSONValueBuilder.number(text, isInteger: isInteger)
        }
        static func bool(_ value: Bool) -> JSONValue { .bool(value) }
        static var null: JSONValue { .null }
        static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
        static func object(_ members: [(String, JSONValue)]) -> JSONValue {
            JSONValueBuilder.object(members)
        }
    }

    static func bothReadings(_ text: String) -> (shortcut: JSONValue?, text: JSONValue?) {
        let bytes = Array(text.utf8)
        return (
            try? JSONParser<JSONValueBuilder>.parse(bytes), try? JSONParser<TextOnlyBuilder>.parse(bytes)
        )
    }

    @Test(arguments: [
        "0", "-0", "7", "-7", "007", "-007", "9223372036854775807", "-9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "1.5", "-1.5e3", "1e5", "1E-2", "-", "--1", "1-2", "+5", "1.",
        ".5", "0x10",
    ])
    func aNumberReadsAsItsTextReads(text: String) {
        for document in [text, "[\(text)]", "{\"n\":\(text)}", "[1,\(text),2]"] {
            let (shortcut, viaText) = Self.bothReadings(document)
            #expect(shortcut == viaText, "\(document)")
        }
    }

    @Test func integersOfEveryMagnitudeReadAsTheirText() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let digits = (0..<Int.random(in: 1...22, using: &generator))
                .map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let text = (Bool.random(using: &generator) ? "-" : "") + digits
            let (shortcut, viaText) = Self.bothReadings("[\(text)]")
            #expect(shortcut == viaText, "\(text)")
            // Where Foundation reads an integer (no leading zero), the value is the same.
            guard !digits.hasPrefix("0") || digits == "0", case .array(let elements)? = shortcut,
                case .integer(let value)? = elements.first
            else { continue }
            let foundation = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber]
            #expect(foundation?.first?.int64Value == Int64(value), "\(text)")
        }
    }

    @Test func integersStayIntegersAndLargeOnesBecomeDoubles() throws {
        #expect(
            try JSONValue(parsing: Data("[42,-9223372036854775808]".utf8))
                == .array([.integer(42), .integer(.min)]))
        #expect(
            try JSONValue(parsing: Data("[9223372036854775808]".utf8))
                == .array([.double(9_223_372_036_854_775_808)]))
    }

    /// Objects are built member by member into a table sized at once; a key given twice keeps
    /// its later value, as the generic merge they were built with did.
    @Test func theLaterOfTwoEqualKeysWins() throws {
        let value = try JSONValue(parsing: Data(#"{"a":1,"b":[2,3],"a":{"c":4},"d":null}"#.utf8))
        #expect(value == .object(["a": .object(["c": 4]), "b": [2, 3], "d": .null]))
        let many = (0..<40).map { #""k\#($0 % 7)":\#($0)"# }.joined(separator: ",")
        let expected = Dictionary(
            uniqueKeysWithValues: (33..<40).map { ("k\($0 % 7)", JSONValue.integer($0)) })
        #expect(try JSONValue(parsing: Data("{\(many)}".utf8)) == .object(expected))
    }
}
