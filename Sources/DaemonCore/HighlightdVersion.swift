/// The version of highlightd: `highlightd --version`, `initialize`'s `serverInfo`, and the
/// Debian package (`scripts/package-deb.sh` reads it from here).
public enum HighlightdVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.2.0"
}
