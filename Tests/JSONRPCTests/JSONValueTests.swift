import Foundation
import JSONRPC
import JSONSyntax
import TestSupport
import Testing

@Suite struct JSONValueTests {
    @Test(arguments: [
        #"{"a":[1,-2.5,true,false,null,"x\"\\\n\u00e9\ud83d\ude00"],"b":{}}"#, "[]", "0", #""""#, "1e3",
    ])
    func parsesAndRoundTrips(text: String) throws {
        let value = try JSONValue(parsing: Data(text.utf8))
        let again = try JSONValue(parsing: value.serialized())
        #expect(value == again)
    }

    @Test func integersAreWrittenAsSwiftPrintsThem() {
        var generator = SeededGenerator(seed: 29)
        var values = [0, 9, 10, 99, 100, -1, -9, -10, 1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1]
        values += (0..<2_000).map { _ in
            Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64)
        }
        for value in values {
            var output: [UInt8] = [UInt8(ascii: "[")]
            JSONValue.writeInteger(value, to: &output)
            #expect(output == Array("[\(value)".utf8))
        }
    }

    @Test func objectMembersAreWrittenInTheByteOrderOfTheirKeys() {
        var generator = SeededGenerator(seed: 41)
        let letters = Array("abAB_z09")
        for _ in 0..<300 {
            var members: [String: Int] = [:]
            for _ in 0..<Int(generator.next() % 12) {
                let key = String(
                    (0..<Int(1 + generator.next() % 4)).map { _ in letters[Int(generator.next() % 8)] })
                members[key] = Int(generator.next() % 1_000)
            }
            // Written independently: keys in the order of their bytes, each with its value.
            let sorted = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let expected = "{" + sorted.map { #""\#($0)":\#(members[$0]!)"# }.joined(separator: ",") + "}"
            let value = JSONValue.object(members.mapValues { .integer($0) })
            #expect(String(decoding: value.serializedBytes(), as: UTF8.self) == expected)
            let nested = JSONValue.array([value, .object(["inner": value])])
            #expect(
                String(decoding: nested.serializedBytes(), as: UTF8.self)
                    == "[\(expected),{\"inner\":\(expected)}]")
        }
    }

    @Test func keepsIntegersExactAndDecodesEscapes() throws {
        let value = try JSONValue(parsing: Data(#"{"n":9007199254740993,"s":"\u00e9\ud83d\ude00\t"}"#.utf8))
        #expect(value["n"]?.intValue == 9_007_199_254_740_993)
        #expect(value["s"]?.stringValue == "é😀\t")
    }

    @Test(arguments: ["{", #"{"a" 1}"#, "[1,]", "tru", #""\x""#, "1 2", String(repeating: "[", count: 10000)])
    func rejectsMalformedText(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(text.utf8)) }
    }

    @Test func classifiesMessages() throws {
        let request = try RPCMessage(json: ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        #expect(request == .request(id: .integer(1), method: "initialize", params: [:]))
        let notification = try RPCMessage(json: ["jsonrpc": "2.0", "method": "exit"])
        #expect(notification == .notification(method: "exit", params: nil))
        #expect(throws: ResponseError.invalidRequest("jsonrpc must be \"2.0\"")) {
            try RPCMessage(json: ["id": 1, "method": "x"])
        }
        #expect(throws: ResponseError.self) { try RPCMessage(json: [1, 2]) }
    }
}
