import Foundation
import TextSegmentation

/// Runs work with the process confined to one CPU, so that a measurement counts what one core
/// does even where the work could spread over several (`bench`'s `single_core_median_ms`).
///
/// glibc's affinity calls are GNU extensions that Swift's Glibc module does not export; they
/// are looked up at run time (`CLibrary.process`).
enum SingleCore {
    private typealias Affinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private typealias CurrentCPU = @convention(c) () -> Int32

    /// The size of glibc's `cpu_set_t`: 1,024 CPUs.
    private static let setSize = 128

    /// `body`'s result, computed while the calling thread (and any thread it starts) may run
    /// only on the CPU it is on; the previous affinity is restored afterwards. Where affinity
    /// cannot be set, `body` runs unconfined and `confined` is false.
    static func run<Result>(_ body: () throws -> Result) rethrows -> (result: Result, confined: Bool) {
        guard
            let get = CLibrary.process.lookup("sched_getaffinity", as: Affinity.self),
            let set = CLibrary.process.lookup("sched_setaffinity", as: Affinity.self),
            let current = CLibrary.process.lookup("sched_getcpu", as: CurrentCPU.self)
        else { return (try body(), false) }
        let cpu = Int(current())
        var previous = [UInt8](repeating: 0, count: setSize)
        var one = [UInt8](repeating: 0, count: setSize)
        guard cpu >= 0, cpu < setSize * 8, get(0, setSize, &previous) == 0 else { return (try body(), false) }
        one[cpu / 8] = UInt8(1) << UInt8(cpu % 8)
        guard set(0, setSize, &one) == 0 else { return (try body(), false) }
        defer { _ = set(0, setSize, &previous) }
        return (try body(), true)
    }
}
