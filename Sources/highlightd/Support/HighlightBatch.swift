import Foundation

/// Highlights many files on several threads and emits the results in input order.
///
/// Each worker thread has its own `FileHighlighter` (grammar registries are not shared
/// between threads), takes the next file when it is free, and leaves its output in the
/// file's slot; the calling thread emits each slot as soon as every earlier one has been
/// emitted, so the output is the same for any number of jobs and streams as it goes.
struct HighlightBatch {
    let files: [String]
    let options: FileHighlighter.Options
    let jobs: Int

    /// Runs the batch; `emit` is called on the calling thread once per file, in order, with
    /// the file's rendered output or why it has none. Returns how many files failed.
    func run(emit: (String, Result<String, FileHighlightError>) -> Void) -> Int {
        let state = State(count: files.count)
        let workerCount = max(1, min(jobs, files.count))
        for _ in 0..<workerCount {
            let thread = Thread { [files, options] in
                Self.work(files: files, options: options, state: state)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        var failures = 0
        for index in files.indices {
            let result = state.waitForResult(at: index)
            if case .failure = result { failures += 1 }
            emit(files[index], result)
        }
        return failures
    }

    private static func work(files: [String], options: FileHighlighter.Options, state: State) {
        let highlighter = FileHighlighter(options: options, reportingGrammarErrors: false)
        do {
            _ = try highlighter.theme()
        } catch {
            // The theme loaded on the calling thread before the batch began; if it cannot load
            // here, every file this worker would take fails with the reason.
            while let index = state.nextIndex() {
                state.store(.failure(.failed(path: files[index], reason: "\(error)")), at: index)
            }
            return
        }
        while let index = state.nextIndex() {
            let path = files[index]
            let result: Result<String, FileHighlightError>
            do {
                result = .success(try highlighter.render(try FileHighlighter.read(path), path: path))
            } catch let error as FileHighlightError {
                result = .failure(error)
            } catch {
                result = .failure(.failed(path: path, reason: "\(error)"))
            }
            state.store(result, at: index)
        }
    }

    /// The queue of files and the slots of their results, behind one condition.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var results: [Result<String, FileHighlightError>?]

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        func nextIndex() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ result: Result<String, FileHighlightError>, at index: Int) {
            condition.lock()
            results[index] = result
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the result at `index` and hands it over, emptying its slot so that emitted
        /// output is freed at once.
        func waitForResult(at index: Int) -> Result<String, FileHighlightError> {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            let result = results[index]!
            results[index] = nil
            return result
        }
    }
}
