import ArgumentParser
import Foundation
import ReelIsolation

/// `reel check <dir|files…>`: opens and plays the first seconds of every file, untimed and
/// headless, each in a worker process killed at the timeout, and reports ok, a typed error or a
/// timeout per file, in the order given.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Probe and play the first seconds of every file, one line per file.",
        discussion: """
            Folders are searched recursively. Each file is checked by a worker process of its own \
            (`reel worker check`) that is killed when --timeout runs out, so a file that hangs a C \
            library costs its timeout and still gets its line, and one bad file never ends the run. \
            What the libraries print is kept from the terminal (--verbose shows each distinct line \
            once per file). Results come in the order given; on a terminal, standard error shows \
            a progress bar. The last line reads "N passed, N failed (N error, N timeout)"; the \
            exit status is 1 when any file failed.
            """
    )

    @Argument(help: ArgumentHelp("Files, folders or http(s) addresses to check.", valueName: "dir|files"))
    var paths: [String]

    @Option(help: ArgumentHelp("Seconds of media to play from each file.", valueName: "seconds"))
    var seconds: Double = 3

    @Option(help: ArgumentHelp("Seconds a file may take before its worker is killed.", valueName: "seconds"))
    var timeout: Double = 20

    @Option(help: ArgumentHelp("Files checked at once (default: the number of cores).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print one JSON object per file, then the summary object.")
    var json = false

    @Flag(help: "Show what the libraries and the workers printed, each distinct line once per file.")
    var verbose = false

    func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be positive.") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be positive.") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256.") }
    }

    func run() async throws {
        Console.ignoreBrokenPipes()
        let files = MediaFiles.collect(paths)
        let isolation = WorkerCommand.isolation(verbose: verbose)
        let progress = CheckProgress(total: files.count)
        var tally = CheckTally()
        var pending: [Int: CheckOutcome] = [:]
        var next = 0
        let limit = Duration.milliseconds(Int(timeout * 1000))
        // The worker gives up on its own a little before the deadline, to answer with what it knew;
        // the deadline kills it when it cannot (a thread stuck in a C library).
        let seconds = seconds
        let soft = max(timeout * 0.5, timeout - 0.75)
        await withTaskGroup(of: (Int, CheckOutcome).self) { group in
            var started = 0
            func startNext() {
                guard started < files.count else { return }
                let index = started
                let job = MediaCheck(url: files[index], seconds: seconds, timeout: soft)
                started += 1
                group.addTask { (index, await CheckOutcome.check(job, isolation: isolation, timeout: limit)) }
            }
            for _ in 0..<min(jobs, files.count) { startNext() }
            while let (index, outcome) = await group.next() {
                startNext()
                pending[index] = outcome
                progress.advance()
                // Print in input order: each result as soon as all before it are printed.
                while let ready = pending.removeValue(forKey: next) {
                    progress.clear()
                    write(ready, for: files[next], tally: &tally)
                    next += 1
                }
                progress.draw()
            }
        }
        progress.finish()
        if json {
            Console.out(
                "{\"error\":\(tally.errors),\"event\":\"summary\",\"failed\":\(tally.failed),"
                    + "\"passed\":\(tally.passed),\"timeout\":\(tally.timeouts)}\n")
        }
        Console.out(
            "\(tally.passed) passed, \(tally.failed) failed (\(tally.errors) error, \(tally.timeouts) timeout)\n")
        if tally.failed > 0 { throw ExitCode(1) }
    }

    private func write(_ outcome: CheckOutcome, for file: URL, tally: inout CheckTally) {
        tally.count(outcome.report.result)
        if verbose {
            for line in outcome.diagnostics { Console.error("  | \(line)\n") }
        }
        Console.out(json ? outcome.json(for: file) : outcome.line(for: file))
    }
}

/// The counts of `reel check`'s summary.
struct CheckTally {
    var passed = 0
    var errors = 0
    var timeouts = 0
    var failed: Int { errors + timeouts }

    mutating func count(_ result: MediaCheck.Report.Result) {
        switch result {
        case .ok: passed += 1
        case .error: errors += 1
        case .timeout: timeouts += 1
        }
    }
}

/// What `reel check` found for one file, with what its worker printed.
struct CheckOutcome: Sendable {
    var report: MediaCheck.Report
    var diagnostics: [String]
    /// How long the file took, worker start to end.
    var elapsed: Duration

    /// Checks in a worker; a worker killed at `timeout` or crashed still gives a report.
    static func check(_ job: MediaCheck, isolation: Isolation, timeout: Duration) async -> CheckOutcome {
        do {
            let run = try await isolation.run(job, timeout: timeout)
            return CheckOutcome(report: run.output, diagnostics: run.diagnostics, elapsed: run.elapsed)
        } catch {
            var report: MediaCheck.Report
            switch error.reason {
            case .timedOut:
                report = .timedOut(after: error.lastProgress(as: MediaCheck.Progress.self))
                report.message =
                    (report.message ?? "stuck") + "; stopped after \(String(format: "%g", Self.seconds(timeout))) s"
            case .crashed:
                report = MediaCheck.Report(result: .error, code: "crashed", message: error.description)
                report.stage = error.lastProgress(as: MediaCheck.Progress.self)?.stage
            default:
                report = MediaCheck.Report(result: .error, code: "workerFailed", message: error.description)
            }
            return CheckOutcome(report: report, diagnostics: error.diagnostics, elapsed: error.elapsed)
        }
    }

    /// A file's path, an address as it is.
    static func name(of file: URL) -> String { file.isFileURL ? file.path : file.absoluteString }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// One line for people.
    func line(for file: URL) -> String {
        let name = Self.name(of: file)
        switch report.result {
        case .ok:
            let length = report.duration.map { String(format: "%.1f s", $0) } ?? "live"
            return "ok       \(name)  (\(length), \(report.tracks ?? 0) tracks)\n"
        case .error: return "error    \(name): \(report.message ?? "failed")\n"
        case .timeout: return "timeout  \(name)  (\(report.message ?? "stuck"))\n"
        }
    }

    /// One JSON object.
    func json(for file: URL) -> String {
        var object: [String: Any] = ["event": "file", "path": Self.name(of: file), "result": report.result.rawValue]
        if let tracks = report.tracks { object["tracks"] = tracks }
        if let duration = report.duration { object["duration"] = duration }
        if let code = report.code { object["code"] = code }
        if let message = report.message { object["message"] = message }
        if let stage = report.stage { object["stage"] = stage.rawValue }
        object["seconds"] = (Self.seconds(elapsed) * 1000).rounded() / 1000
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Expands the paths given on the command line into files, in the order given: a folder becomes
/// its files (recursively, sorted), an address (`http://…`) stays as it is.
enum MediaFiles {
    static func collect(_ paths: [String]) -> [URL] {
        var files: [URL] = []
        for path in paths {
            if path.contains("://"), let argument = try? MediaArgument(parsing: path), !argument.url.isFileURL {
                files.append(argument.url)
                continue
            }
            let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                files.append(url)
                continue
            }
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var found: [URL] = []
            while let next = enumerator?.nextObject() as? URL {
                if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    found.append(next.standardizedFileURL)
                }
            }
            files += found.sorted { $0.path < $1.path }
        }
        return files
    }
}
