import Foundation
import ReelCore
import ReelIsolation
import ReelProbe
import ReelTestSupport
import ReelTesting
import Testing

/// `MediaProbe.probe(_:isolation:)` and `reel probe`'s isolation: the same report as in-process
/// for good media, a typed `timedOut` for media that never returns. One at a time, as the other
/// suites of hanging workers.
@Suite("Isolated probes", .serialized)
struct IsolatedProbeTests {
    private let probe = MediaProbe(timeout: .seconds(1))

    private func isolation() throws -> Isolation {
        Isolation(executable: try BuiltProduct.require("reel"), arguments: ["worker"])
    }

    @Test func aGoodFileReadsTheSameInAWorker() async throws {
        let url = try await MediaFixtures.url(for: .multiTrack)
        let inProcess = try await MediaProbe().probe(url)
        let isolated = try await MediaProbe().probe(url, isolation: try isolation())
        #expect(isolated == inProcess)
        #expect(isolated.streams.count >= 3)
    }

    @Test func refusedAddressesFailInTheAppWithoutAWorker() async throws {
        // A worker that does not exist proves that nothing was started.
        let nowhere = Isolation(executable: URL(fileURLWithPath: "/nonexistent/reel"), arguments: ["worker"])
        let url = try #require(URL(string: "ftp://host/a.mp4"))
        let error = await #expect(throws: ProbeError.self) { try await probe.probe(url, isolation: nowhere) }
        #expect(error?.code == .refusedScheme("ftp"))
        let launch = await #expect(throws: ProbeError.self) {
            try await probe.probe(MediaFixtures.missingFile(), isolation: nowhere)
        }
        #expect(launch?.code == .failed)
    }

    @Test func theProbesOwnErrorsComeBackTyped() async throws {
        let error = await #expect(throws: ProbeError.self) {
            try await probe.probe(MediaFixtures.url(for: .textAsMP4), isolation: isolation())
        }
        #expect(error?.code == .notMedia)
        #expect(error?.ffmpegCode != nil)
    }

    @Test func aPipeWithoutAWriterTimesOutAndTheWorkerIsKilled() async throws {
        let pipe = try UntrustedMedia.pipeWithoutWriter()
        defer { try? FileManager.default.removeItem(at: pipe.deletingLastPathComponent()) }
        let started = ContinuousClock.now
        // A start-up allowance of zero: the worker, blocked in open(2), is killed at the probe's
        // own timeout.
        let error = await #expect(throws: ProbeError.self) {
            try await probe.probe(pipe, isolation: isolation(), startupAllowance: .zero)
        }
        #expect(error?.code == .timedOut)
        #expect(ContinuousClock.now - started < hangBound(after: probe.timeout))
    }

    @Test func aManifestThatSpinsFFmpegCostsItsTimeout() async throws {
        let manifest = try await UntrustedMedia.spinningDASHManifest()
        let started = ContinuousClock.now
        do {
            // Whether libavformat's probe spins on it or reads it, the answer comes in time.
            let media = try await probe.probe(manifest, isolation: isolation(), startupAllowance: .seconds(1))
            #expect(media.streams.count >= 1)
        } catch let error as ProbeError {
            #expect(error.code == .timedOut, "\(error)")
        }
        #expect(ContinuousClock.now - started < hangBound(after: probe.timeout + .seconds(1)))
    }

    @Test func reelProbeOfAStalledServerIsIsolatedAndTimesOut() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let gate = StallGate()
        let server = LoopbackHTTPServer(routes: ["/stalled.mp4": .stallAfter(bytes: 0, of: clip, gate: gate)])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let reel = try BuiltProduct.require("reel")
        let started = ContinuousClock.now
        let result = try await Command.run(
            [reel.path, "probe", "--json", "--timeout", "1", server.url("/stalled.mp4").absoluteString])
        #expect(result.status == 1)
        #expect(result.outputText.contains("\"code\":\"timedOut\""), "\(result.outputText)")
        #expect(ContinuousClock.now - started < hangBound(after: .seconds(1) + .seconds(5)))
    }

    @Test func reelProbeReadsALocalFileTheSameWithAndWithoutIsolation() async throws {
        let url = try await MediaFixtures.url(for: .multiTrack)
        let reel = try BuiltProduct.require("reel")
        let plain = try await Command.run([reel.path, "probe", "--json", url.path])
        let isolated = try await Command.run([reel.path, "probe", "--json", "--isolate", url.path])
        #expect(plain.status == 0 && isolated.status == 0, "\(isolated.errorText)")
        #expect(plain.outputText == isolated.outputText)
        #expect(plain.outputText.contains("\"streams\""))
    }
}
