/// How many colours the terminal shows: the 24-bit escapes (`38;2;R;G;B`) most terminals
/// take, xterm's 256-colour palette (`38;5;N`), or the 16 basic colours (`30`–`37`, `90`–`97`).
public enum ColorDepth: String, Sendable, CaseIterable {
    case trueColor = "24"
    case palette256 = "256"
    case basic16 = "16"

    /// The depth a terminal advertises: 24-bit when `COLORTERM` says `truecolor` or `24bit`,
    /// else the 256-colour palette, which every terminal emulator in use shows. Output that is
    /// not a terminal (a file, a pipe) keeps 24-bit colour: nothing there needs less, and
    /// tools read the exact colours.
    public static func detect(environment: [String: String], outputIsTerminal: Bool) -> ColorDepth {
        guard outputIsTerminal else { return .trueColor }
        let advertised = environment["COLORTERM"]?.lowercased() ?? ""
        return advertised == "truecolor" || advertised == "24bit" ? .trueColor : .palette256
    }

    /// The SGR parameters that set `color` as the foreground (or the background), e.g. `38;5;196`.
    public func sgrParameters(_ color: (red: UInt8, green: UInt8, blue: UInt8), background: Bool) -> String {
        switch self {
        case .trueColor:
            return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .palette256:
            return "\(background ? 48 : 38);5;\(Self.paletteIndex(color))"
        case .basic16:
            let index = Self.basicIndex(color)
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return "\(base + index % 8)"
        }
    }

    /// The nearest colour of xterm's 6×6×6 cube (16–231) or grey ramp (232–255).
    static func paletteIndex(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (nearestLevel(color.red), nearestLevel(color.green), nearestLevel(color.blue))
        let cube = (levels[r], levels[g], levels[b])
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        let cubeDistance = distance(color, cube)
        let greyDistance = distance(color, (grey, grey, grey))
        return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    /// The nearest of the 16 basic colours, by xterm's default values (0–7 normal, 8–15 bright).
    static func basicIndex(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let basics = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        return basics.indices.min { distance(color, basics[$0]) < distance(color, basics[$1]) }!
    }

    private static func distance(_ a: (red: UInt8, green: UInt8, blue: UInt8), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (Int(a.red) - b.0, Int(a.green) - b.1, Int(a.blue) - b.2)
        return dr * dr + dg * dg + db * db
    }
}
