import Testing

@testable import DaemonCore

/// Between batches the loop sweeps interned stacks as soon as enough piled up, idle or not, and
/// returns memory to the system only when it goes idle after a burst with no input waiting.
@Suite struct MemoryUpkeepTests {
    @Test func aClientThatNeverPausesGetsItsStacksSweptBetweenBatches() {
        #expect(MemoryUpkeep.due(idle: false, inputWaiting: true, burst: true, stacksToSweep: true) == .sweep)
        #expect(
            MemoryUpkeep.due(idle: false, inputWaiting: false, burst: false, stacksToSweep: true) == .sweep)
    }

    @Test func goingIdleAfterABurstReleasesAndTrimsWhateverTheStacks() {
        for stacks in [false, true] {
            #expect(
                MemoryUpkeep.due(idle: true, inputWaiting: false, burst: true, stacksToSweep: stacks)
                    == .releaseAndTrim)
        }
    }

    @Test func waitingInputPutsOffTheTrimButNotTheSweep() {
        #expect(MemoryUpkeep.due(idle: true, inputWaiting: true, burst: true, stacksToSweep: false) == .none)
        #expect(MemoryUpkeep.due(idle: true, inputWaiting: true, burst: true, stacksToSweep: true) == .sweep)
    }

    @Test func withoutABurstOrStacksNothingIsDue() {
        #expect(
            MemoryUpkeep.due(idle: true, inputWaiting: false, burst: false, stacksToSweep: false) == .none)
        #expect(
            MemoryUpkeep.due(idle: false, inputWaiting: false, burst: true, stacksToSweep: false) == .none)
    }

    @Test func inputIsOnlyPolledWhenTheLoopWouldGoIdleAfterABurst() {
        var polls = 0
        func waiting() -> Bool {
            polls += 1
            return false
        }
        _ = MemoryUpkeep.due(idle: false, inputWaiting: waiting(), burst: true, stacksToSweep: true)
        _ = MemoryUpkeep.due(idle: true, inputWaiting: waiting(), burst: false, stacksToSweep: false)
        #expect(polls == 0)
        _ = MemoryUpkeep.due(idle: true, inputWaiting: waiting(), burst: true, stacksToSweep: false)
        #expect(polls == 1)
    }
}
