import Dispatch
import Foundation

/// Turns termination signals into a call instead of the default action (which ends the
/// process without flushing anything), and ignores SIGPIPE so that a client closing its end
/// surfaces as a failed write rather than killing the daemon.
final class SignalWatcher {
    /// The signals that ask the daemon to end: SIGTERM, SIGINT, SIGHUP.
    static let terminationSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private var sources: [DispatchSourceSignal] = []

    /// Starts watching; `handler` runs on a background queue with the signal's number.
    init(_ signals: [Int32] = terminationSignals, handler: @escaping @Sendable (Int32) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
