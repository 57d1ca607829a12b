import ArgumentParser
import Foundation
import ReelCore
import ReelMPV
import ReelPlayer

/// `reel check <dir|files…>`: opens and plays the first seconds of every file, untimed and
/// headless, each under a watchdog, and reports ok, a typed error or a timeout per file.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Probe and play the first seconds of every file, one line per file.",
        discussion: """
            Folders are searched recursively. Each file gets a fresh engine and a watchdog, so one bad \
            file never ends the run. The last line reads "N passed, N failed"; the exit status is 1 when \
            any file failed.
            """
    )

    @Argument(help: ArgumentHelp("Files or folders to check.", valueName: "dir|files"))
    var paths: [String]

    @Option(help: ArgumentHelp("Seconds of media to play from each file.", valueName: "seconds"))
    var seconds: Double = 3

    @Option(help: ArgumentHelp("Seconds a file may take before it counts as hung.", valueName: "seconds"))
    var timeout: Double = 20

    @Flag(help: "Print one JSON object per file, then the summary object.")
    var json = false

    func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be positive.") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be positive.") }
    }

    @MainActor func run() async throws {
        Console.ignoreBrokenPipes()
        let files = MediaFiles.collect(paths)
        var passed = 0
        var failed = 0
        for file in files {
            let verdict = await Self.check(file, seconds: seconds, timeout: .milliseconds(Int(timeout * 1000)))
            if verdict.isOK { passed += 1 } else { failed += 1 }
            Console.out(json ? verdict.json(for: file) : verdict.line(for: file))
        }
        if json {
            Console.out("{\"event\":\"summary\",\"failed\":\(failed),\"passed\":\(passed)}\n")
        }
        Console.out("\(passed) passed, \(failed) failed\n")
        if failed > 0 { throw ExitCode(1) }
    }

    /// Plays up to `seconds` of `file` as fast as it decodes, within `timeout`.
    @MainActor static func check(_ file: URL, seconds: Double, timeout: Duration) async -> CheckVerdict {
        var configuration = MPVConfiguration.headless
        configuration.options = ["untimed": "yes", "ao-null-untimed": "yes"]
        let player: Player
        do {
            player = Player(engine: try MPVEngine(configuration: configuration))
        } catch {
            return .failed(error)
        }
        do {
            try player.load(MediaItem(url: file))
        } catch {
            await player.shutdown()
            return .failed(error)
        }
        let done: (PlaybackInfo) -> Bool = { state in
            switch state.status {
            case .failed, .ended: true
            case .ready: state.position() >= seconds
            default: false
            }
        }
        // The position moves without state changes (it is extrapolated), so look again often.
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var settled = false
        while !settled, ContinuousClock.now < deadline {
            settled = await player.wait(timeout: .milliseconds(50), until: done)
        }
        let state = player.playback
        await player.shutdown()
        switch state.status {
        case .failed(let error): return .failed(error)
        case .ended, .ready: return settled ? .ok(duration: state.duration, tracks: state.tracks.count) : .timedOut
        default: return .timedOut
        }
    }
}

/// What `reel check` found for one file.
enum CheckVerdict: Equatable {
    /// The file opened and played.
    case ok(duration: Double?, tracks: Int)
    /// The file failed with a typed error.
    case failed(PlayerError)
    /// The watchdog fired.
    case timedOut

    /// Whether this counts as passed.
    var isOK: Bool { if case .ok = self { true } else { false } }

    /// One line for people.
    func line(for file: URL) -> String {
        switch self {
        case .ok(let duration, let tracks):
            let length = duration.map { String(format: "%.1f s", $0) } ?? "live"
            return "ok       \(file.path)  (\(length), \(tracks) tracks)\n"
        case .failed(let error): return "error    \(file.path): \(error.message)\n"
        case .timedOut: return "timeout  \(file.path)\n"
        }
    }

    /// One JSON object.
    func json(for file: URL) -> String {
        var object: [String: Any] = ["event": "file", "path": file.path]
        switch self {
        case .ok(let duration, let tracks):
            object["result"] = "ok"
            object["tracks"] = tracks
            if let duration { object["duration"] = duration }
        case .failed(let error):
            object["result"] = "error"
            object["code"] = "\(error.code)"
            object["message"] = error.message
        case .timedOut: object["result"] = "timeout"
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Expands the paths given on the command line into files, folders recursively, sorted.
enum MediaFiles {
    static func collect(_ paths: [String]) -> [URL] {
        var files: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                files.append(url)
                continue
            }
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            while let next = enumerator?.nextObject() as? URL {
                if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    files.append(next.standardizedFileURL)
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
