import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel check` runs every file in a worker it kills at `--timeout`: media that never returns costs
/// its timeout and still gets its line, results come in input order, and what C libraries print
/// stays off the terminal. One at a time: a spinning worker takes a whole core, which the
/// timing-sensitive suites running beside these need.
@Suite("reel check, isolated", .serialized)
struct ReelCheckTests {
    private func reel(_ arguments: [String]) async throws -> (result: CommandResult, elapsed: Duration) {
        let reel = try BuiltProduct.require("reel")
        let started = ContinuousClock.now
        let result = try await Command.run([reel.path, "check"] + arguments)
        return (result, ContinuousClock.now - started)
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func mediaThatNeverReturnsCostsItsTimeoutAndStillGetsItsLine() async throws {
        let pipe = try UntrustedMedia.pipeWithoutWriter()
        defer { try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent()) }
        let manifest = try await UntrustedMedia.spinningDASHManifest()
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let stalled = server.url("/stalled.mp4").absoluteString
        let (result, elapsed) = try await reel(
            ["--timeout", "3", "--seconds", "1", "--jobs", "3", pipe.path, stalled, manifest.path])
        // Three files side by side, each stopped at its timeout, none hanging the run.
        #expect(elapsed < hangBound(after: .seconds(3)), "took \(elapsed)")
        let output = lines(result.outputText)
        #expect(output.count == 4, "\(output)")
        // Opening, as a rule; on a loaded machine a worker may still be starting at its deadline.
        func stuck(_ line: String?, _ address: String) -> Bool {
            ["opening", "starting"].contains { line?.hasPrefix("timeout  \(address)  (stuck while \($0)") == true }
        }
        #expect(stuck(output.first, pipe.path), "\(output)")
        #expect(stuck(output.dropFirst().first, stalled), "\(output)")
        #expect(output.dropFirst(2).first?.hasPrefix("timeout  \(manifest.path)  (") == true, "\(output)")
        #expect(output.last == "0 passed, 3 failed (0 error, 3 timeout)")
        #expect(result.status == 1)
        #expect(result.errorText.isEmpty, "\(result.errorText)")
    }

    @Test func aConnectionThatDropsWhileCheckingIsAFailure() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        let server = LoopbackHTTPServer(routes: ["/drop.mp4": .resetAfter(bytes: size / 10, of: clip)])
        try server.start()
        defer { server.stop() }
        let address = server.url("/drop.mp4").absoluteString
        let result = try await reel(["--seconds", "5", "--json", address]).result
        let output = lines(result.outputText)
        #expect(output.first?.contains("\"result\":\"error\"") == true, "\(output)")
        #expect(output.first?.contains("\"code\":\"connectionLost\"") == true, "\(output)")
        #expect(output.last == "0 passed, 1 failed (1 error, 0 timeout)", "\(output)")
        #expect(result.status == 1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
    func onATerminalStandardErrorShowsTheCountTheRateAndTheTimeLeft() async throws {
        let reel = try BuiltProduct.require("reel")
        let files = try await [.shortClip, .zeroBytes, .audioOnly].asyncMap { try await MediaFixtures.url(for: $0) }
        let results = FileManager.default.temporaryDirectory.appendingPathComponent("reel-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: results) }
        // script(1) gives reel a terminal; its standard output goes to a file, so the terminal
        // shows standard error alone.
        let command =
            ([reel.path, "check", "--seconds", "1", "--jobs", "1"] + files.map(\.path))
            .map { "'\($0)'" }.joined(separator: " ") + " > '\(results.path)'"
        let terminal = try await Command.run(["script", "-qec", command, "/dev/null"])
        let frames = terminal.outputText.components(separatedBy: "\r").filter { $0.contains("files/s") }
        #expect(frames.contains { $0.contains("1/3") && $0.contains("s left") }, "\(terminal.outputText)")
        #expect(frames.contains { $0.contains("3/3") }, "\(terminal.outputText)")
        let written = try String(contentsOf: results, encoding: .utf8)
        #expect(lines(written).last == "2 passed, 1 failed (1 error, 0 timeout)", "\(written)")
    }

    @Test func whatLibrariesPrintIsShownOnlyWithVerboseAndOncePerFile() async throws {
        // A manifest that plays, and makes libxml2 complain when FFmpeg parses it.
        let manifest = try await UntrustedMedia.complainingDASHManifest()
        let quiet = try await reel(["--seconds", "1", manifest.path]).result
        #expect(lines(quiet.outputText).last == "1 passed, 0 failed (0 error, 0 timeout)", "\(quiet.outputText)")
        #expect(quiet.errorText.isEmpty, "\(quiet.errorText)")
        let verbose = try await reel(["--seconds", "1", "--verbose", manifest.path, manifest.path]).result
        let complaints = lines(verbose.errorText).filter { $0.contains("namespace error : Namespace prefix yt") }
        // Once for each of the two files.
        #expect(complaints.count == 2, "\(verbose.errorText)")
        #expect(lines(verbose.outputText).last == "2 passed, 0 failed (0 error, 0 timeout)")
    }

    @Test func aCorpusOfEveryKindGetsOneLinePerFileInOrderWithTheSummaryLast() async throws {
        let files = try await UntrustedMedia.checkCorpus()
        #expect(files.count >= 30)
        let (result, elapsed) = try await reel(["--timeout", "3", "--seconds", "1", "--jobs", "2"] + files.map(\.path))
        let output = lines(result.outputText)
        #expect(output.count == files.count + 1, "\(output)")
        let verdicts = output.dropLast()
        for (file, line) in zip(files, verdicts) {
            let matches = ["ok       ", "error    ", "timeout  "].contains { line.hasPrefix($0 + file.path) }
            #expect(matches, "\(file.lastPathComponent): \(line)")
        }
        let counted = ["ok", "error", "timeout"].map { word in verdicts.filter { $0.hasPrefix(word + " ") }.count }
        #expect(
            output.last
                == "\(counted[0]) passed, \(counted[1] + counted[2]) failed (\(counted[1]) error, \(counted[2]) timeout)"
        )
        // Anything else printed: nothing on a pipe (no progress bar, no library chatter).
        #expect(lines(result.errorText).count < 20, "\(result.errorText)")
        func verdict(_ name: String) -> String? {
            verdicts.first { $0.contains("/\(name)") }.map { String($0.prefix(while: { $0 != " " })) }
        }
        #expect(verdict("short.mp4") == "ok")
        #expect(verdict("vp9-opus.webm") == "ok")
        #expect(verdict("tone.flac") == "ok")
        #expect(verdict("good.mpd") == "ok")
        #expect(verdict("spinning.mpd") == "timeout")
        #expect(verdict("zero.mp4") == "error")
        #expect(verdict("notes.mp4") == "error")
        #expect(verdict("undecodable.mp4") == "error")
        #expect(verdict("subtitles.vtt") == "error")
        print("reel check --jobs 2 on \(files.count) files: \(elapsed), \(output.last ?? "")")
    }
}

extension Array {
    /// The elements transformed one after the other.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
