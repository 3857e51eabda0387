/// Says whether a character class holds none of some characters; the engine answers with PCRE2
/// itself, so that the translator needs no Unicode tables of its own.
public protocol CharacterClassOracle {
    /// Whether the PCRE2 pattern `classSource` (one class or one literal character, as the
    /// emitter writes it) matches none of `scalars`.
    func excludes(_ classSource: String, all scalars: [UInt32]) -> Bool
}
