import Foundation

/// Whether the loop polls for the client's next message for a moment before it sleeps.
///
/// Waking a thread asleep in `poll` takes 20–40 µs on the 2-core machine this was measured
/// on: `Benchmarks/pipe-floor`'s two processes trade a keystroke and a push in a p50 of
/// 42 µs, and in 12 µs when the answering side polls for a while before it sleeps. A client
/// that answers right back — a script, a replay, an LSP client that asks for semantic tokens
/// as soon as the push of its edit arrives — pays that wake-up on every message. So the loop
/// polls without sleeping for up to `budget` when the client's last message came within
/// `budget` of the loop starting to wait, and sleeps at once otherwise: a person typing (tens
/// of milliseconds between keys) costs one spin of `budget` after a quick exchange, then
/// none. `drive`'s client answers 55–70 µs after the server starts to wait; with 200 µs,
/// `drive rustcode --limit 3000` went from a p50 of 82 µs to 47.
struct ReplySpin {
    /// How long to poll before sleeping, in nanoseconds (0: never).
    let budget: UInt64
    /// Whether the next wait spins first.
    private(set) var isOn: Bool

    /// The longest budget: a second (more is a mistake, and would overflow in nanoseconds).
    static let longestMicroseconds = 1_000_000

    init(microseconds: Int) {
        budget = UInt64(min(max(0, microseconds), Self.longestMicroseconds)) * 1_000
        isOn = budget > 0
    }

    /// Records how long the loop waited before the last message (or wake-up) arrived.
    mutating func record(waited nanoseconds: UInt64) {
        isOn = budget > 0 && nanoseconds <= budget
    }

    /// Now, in nanoseconds of the monotonic clock.
    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}
