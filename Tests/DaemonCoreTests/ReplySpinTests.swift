import Testing

@testable import DaemonCore

/// The loop spins before sleeping only while the client answers within the budget: a quick
/// reply keeps it spinning, a slow one stops it, and a budget of 0 never spins.
@Suite struct ReplySpinTests {
    @Test func aNewLoopSpinsUntilTheClientShowsItIsSlow() {
        var spin = ReplySpin(microseconds: 200)
        #expect(spin.isOn)
        spin.record(waited: 150_000)
        #expect(spin.isOn, "a reply within the budget keeps it on")
        spin.record(waited: 200_000)
        #expect(spin.isOn, "the budget itself counts as quick")
        spin.record(waited: 200_001)
        #expect(!spin.isOn, "one slow reply turns it off")
    }

    @Test func aQuickReplyTurnsItBackOn() {
        var spin = ReplySpin(microseconds: 50)
        spin.record(waited: 80_000_000)
        #expect(!spin.isOn)
        spin.record(waited: 30_000)
        #expect(spin.isOn)
    }

    @Test func aBudgetIsAtMostASecond() {
        #expect(ReplySpin(microseconds: Int.max).budget == 1_000_000_000)
        #expect(ReplySpin(microseconds: 1_000_001).budget == 1_000_000_000)
    }

    @Test func aBudgetOfZeroOrLessNeverSpins() {
        for microseconds in [0, -5] {
            var spin = ReplySpin(microseconds: microseconds)
            #expect(!spin.isOn)
            spin.record(waited: 0)
            #expect(!spin.isOn)
            #expect(spin.budget == 0)
        }
    }
}
