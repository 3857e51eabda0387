/// Oniguruma's character-type and property names, mapped to PCRE2 10.42 class items.
///
/// PCRE2 already knows scripts, short general categories and most binary properties, and
/// matches names loosely as Oniguruma does; only the names it lacks are mapped here.
enum OnigProperty {
    /// Oniguruma's Unicode `\w`, also used for exact `\b`. 10.42's UCP `\w` lacks marks and `Pc`
    /// and adds `No` (①): 1,019 scalars below U+30000 disagree with Oniguruma 6.9.8. This spelling
    /// disagrees on 6 (Latin-1's ² ³ ¹ ¼ ½ ¾, which Oniguruma counts as word characters): listing
    /// them would add a 32-byte bitmap to every compiled `\w`, 16 bytes without.
    static let word = ClassFragment.positive("\\p{Alphabetic}", "\\p{M}", "\\p{Nd}", "\\p{Pc}")

    /// Either cased letter, for case-sensitive sets folded under `(?i)` in bracket classes.
    static let anyCase = ClassFragment.positive("\\p{Lu}", "\\p{Ll}", "\\p{Lt}")

    /// The POSIX bracket names (`[:alpha:]`), which are also Oniguruma property names.
    static let posixNames: Set<String> = [
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
        "space", "upper", "xdigit", "word",
    ]

    /// The fragment for a POSIX bracket or Oniguruma character-type name (already loose-folded).
    static func characterType(_ name: String) -> ClassFragment? {
        switch name {
        case "alnum": return .positive("\\p{Alphabetic}", "\\p{Nd}")
        case "alpha": return .positive("\\p{Alphabetic}")
        case "ascii": return .positive("\\x{0}-\\x{7F}")
        case "blank": return .positive("\\p{Zs}", "\\t")
        case "cntrl": return .positive("\\p{Cc}")
        case "digit": return .positive("\\p{Nd}")
        // Oniguruma's Graph and Print keep formats and private use (checked on 6.9.8).
        case "graph": return .negative("\\p{Z}", "\\p{Cc}", "\\p{Cs}", "\\p{Cn}")
        case "print": return .negative("\\p{Zl}", "\\p{Zp}", "\\p{Cc}", "\\p{Cs}", "\\p{Cn}")
        // Oniguruma's Punct is the P category: no `$`, `+`, `<` (checked on 6.9.8).
        case "punct": return .positive("\\p{P}")
        case "space": return .positive("\\s")
        case "lower": return .positive("\\p{Lowercase}")
        case "upper": return .positive("\\p{Uppercase}")
        case "xdigit": return .positive("0-9A-Fa-f")
        case "word": return word
        default: return nil
        }
    }

    /// Whether a (loose-folded) name is a case-sensitive set that Oniguruma case-folds in a
    /// bracket class under `(?i)`, where PCRE2 does not.
    static func isCaseSensitive(_ name: String) -> Bool {
        [
            "upper", "lower", "uppercase", "lowercase", "lu", "ll", "lt", "uppercaseletter",
            "lowercaseletter", "titlecaseletter", "lc", "casedletter",
        ].contains(name)
    }

    /// Folds a property name as both engines compare them: case, spaces, `_` and `-` ignored.
    static func looseName(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    /// The fragment for `\p{name}`, or nil when the name is not valid Oniguruma syntax.
    static func fragment(named name: String) -> ClassFragment? {
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "_ -".unicodeScalars.contains($0))
            })
        else { return nil }
        let loose = looseName(name)
        if let type = characterType(loose) { return type }
        if let category = longCategoryNames[loose] { return .positive("\\p{\(category)}") }
        switch loose {
        case "assigned": return .negative("\\p{Cn}")
        case "any": return .positive("\\x{0}-\\x{10FFFF}")
        default: break
        }
        if loose.hasPrefix("in"), let block = UnicodeBlocks.range(ofLooseName: String(loose.dropFirst(2))) {
            return .positive(block)
        }
        return .positive("\\p{\(name)}")
    }

    /// Long general-category names, which PCRE2 10.42 does not accept, by loose name.
    static let longCategoryNames: [String: String] = [
        "letter": "L", "casedletter": "LC", "uppercaseletter": "Lu", "lowercaseletter": "Ll",
        "titlecaseletter": "Lt", "modifierletter": "Lm", "otherletter": "Lo", "mark": "M",
        "combiningmark": "M", "nonspacingmark": "Mn", "spacingmark": "Mc", "enclosingmark": "Me",
        "number": "N", "decimalnumber": "Nd", "letternumber": "Nl", "othernumber": "No",
        "punctuation": "P", "connectorpunctuation": "Pc", "dashpunctuation": "Pd",
        "openpunctuation": "Ps", "closepunctuation": "Pe", "initialpunctuation": "Pi",
        "finalpunctuation": "Pf", "otherpunctuation": "Po", "symbol": "S", "mathsymbol": "Sm",
        "currencysymbol": "Sc", "modifiersymbol": "Sk", "othersymbol": "So", "separator": "Z",
        "spaceseparator": "Zs", "lineseparator": "Zl", "paragraphseparator": "Zp", "other": "C",
        "control": "Cc", "format": "Cf", "surrogate": "Cs", "privateuse": "Co", "unassigned": "Cn",
    ]
}
