/// The naive model the rope is checked against: an array of scalars.
struct TextModel {
    var scalars: [Unicode.Scalar] = []

    var string: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    var utf8: [UInt8] { Array(string.utf8) }

    /// Byte offsets where each scalar starts, plus the end.
    var scalarStarts: [Int] {
        var result: [Int] = [0]
        var total = 0
        for scalar in scalars {
            total += String(scalar).utf8.count
            result.append(total)
        }
        return result
    }

    /// UTF-8 offsets of line starts, splitting at \n, \r\n and lone \r.
    var lineStarts: [Int] {
        let bytes = utf8
        var result = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
                result.append(index + 1)
            } else if bytes[index] == 0x0A {
                result.append(index + 1)
            }
            index += 1
        }
        return result
    }

    func count(of prefixBytes: Int, unit: String) -> Int {
        let prefix = String(decoding: utf8[..<prefixBytes], as: UTF8.self)
        switch unit {
        case "utf16": return prefix.utf16.count
        default: return prefix.unicodeScalars.count
        }
    }
}
