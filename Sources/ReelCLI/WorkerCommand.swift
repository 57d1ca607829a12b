import ArgumentParser
import Logging
import ReelIsolation

/// `reel worker <job>`: the hidden worker mode behind `reel check` and the isolated `reel
/// thumbnails`/`contact-sheet`/`probe`. It reads one job as JSON from standard input, runs it, answers in
/// JSON lines on standard output and exits (see ReelIsolation's `IsolatedWorker`). Standard input
/// must stay open while it works — its end means the parent is gone — so by hand:
/// `(echo '{"job":{"url":"file:///x.mp4","seconds":1,"timeout":5}}'; cat) | reel worker check`.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Run one isolated job (used by reel itself).",
        shouldDisplay: false
    )

    @Argument(help: "The job's name: check, thumbnails or probe.")
    var job: String

    func run() async throws {
        await IsolatedWorker.serve(name: job)
    }

    /// The isolation that runs this executable's worker mode; worker log lines come back when
    /// `verbose`.
    static func isolation(verbose: Bool) -> Isolation {
        Isolation(
            executable: Isolation.currentExecutable, arguments: ["worker"], workerLogLevel: verbose ? .info : nil)
    }
}
