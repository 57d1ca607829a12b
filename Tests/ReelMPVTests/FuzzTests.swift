import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTesting
import Testing

/// Seeded mutation fuzzing (`make fuzz`): damaged copies of the fixtures go through a probe
/// (opened paused) and a play (decoded untimed), each under a watchdog. Every file must end
/// ready, playing, ended or failed with a typed error; a hang or a crash fails the run.
///
/// `REEL_FUZZ_COUNT` files (20 by default, as in `make test`; `make fuzz` runs 500) from
/// `REEL_FUZZ_SEED` (1 by default): file `i` is ``MediaMutator`` applied with seed `SEED + i` to
/// the `i % 4`-th seed file, so any reported case can be made again.
@MainActor
@Suite("Mutation fuzzing", .serialized)
struct FuzzTests {
    static let seeds: [Fixture] = [.shortClip, .multiTrack, .audioOnly, .variableFrameRate]
    static let watchdog: Duration = .seconds(15)

    private static func setting(_ name: String, default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) } ?? value
    }

    @Test func mutatedFilesEndInADefinedStateWithoutHangs() async throws {
        let count = Int(Self.setting("REEL_FUZZ_COUNT", default: 20))
        let firstSeed = Self.setting("REEL_FUZZ_SEED", default: 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var originals: [(Fixture, Data)] = []
        for fixture in Self.seeds {
            originals.append((fixture, try Data(contentsOf: try await MediaFixtures.url(for: fixture))))
        }
        var tally = FuzzTally()
        for index in 0..<count {
            let seed = firstSeed &+ UInt64(index)
            let (fixture, original) = originals[index % originals.count]
            let (damaged, mutations) = MediaMutator.mutate(original, seed: seed)
            let file = directory.appendingPathComponent("fuzz-\(seed)-\(fixture.fileName)")
            try damaged.write(to: file)
            let outcome = await Self.probeAndPlay(file)
            tally.record(outcome)
            if outcome.isHang {
                Issue.record("seed \(seed) (\(fixture.fileName), \(mutations)): \(outcome); kept at \(file.path)")
            } else {
                try? FileManager.default.removeItem(at: file)
            }
        }
        print("fuzz: \(count) files from seed \(firstSeed): \(tally.summary)")
        #expect(tally.total == count)
        #expect(tally.hangs == 0)
        if tally.hangs == 0 { try? FileManager.default.removeItem(at: directory) }
    }

    /// Opens `file` paused, as `reel probe` does; then, when it opened, plays a second of it as
    /// fast as it decodes, as `reel check` does. A fresh engine per file.
    static func probeAndPlay(_ file: URL) async -> FuzzOutcome {
        var configuration = MPVConfiguration.headless
        configuration.options = ["untimed": "yes", "ao-null-untimed": "yes"]
        let player: Player
        do {
            player = Player(engine: try MPVEngine(configuration: configuration))
        } catch {
            return FuzzOutcome(probe: "engine failed: \(error.code)", play: nil)
        }
        do {
            try player.load(MediaItem(url: file), autoplay: false)
        } catch {
            await player.shutdown()
            return FuzzOutcome(probe: "refused: \(error.code)", play: nil)
        }
        let opened = await player.wait(timeout: watchdog) { $0.status != .loading }
        let probe = opened ? describe(player.playback.status) : "hang"
        guard opened, player.playback.status == .ready else {
            await player.shutdown()
            return FuzzOutcome(probe: probe, play: nil)
        }
        do {
            try player.play()
        } catch {
            await player.shutdown()
            return FuzzOutcome(probe: probe, play: "refused: \(error.code)")
        }
        let deadline = ContinuousClock.now.advanced(by: watchdog)
        var settled = false
        // The position is extrapolated between samples, so look again now and then as well.
        while !settled, ContinuousClock.now < deadline {
            settled = await player.wait(timeout: .milliseconds(50)) { state in
                switch state.status {
                case .failed, .ended: true
                case .ready: state.position() >= 1
                default: false
                }
            }
        }
        let play = settled ? (player.playback.status == .ready ? "playing" : describe(player.playback.status)) : "hang"
        await player.shutdown()
        return FuzzOutcome(probe: probe, play: play)
    }

    private static func describe(_ status: ItemStatus) -> String {
        switch status {
        case .failed(let error) where error.code == .unknown: "failed(unknown, engine code \(error.engineCode ?? 0))"
        case .failed(let error): "failed(\(error.code))"
        case .ready: "ready"
        case .ended: "ended"
        case .loading: "loading"
        case .idle: "idle"
        }
    }
}

/// What one fuzzed file did: the probe's end state and, when it opened, the play's.
struct FuzzOutcome: CustomStringConvertible {
    var probe: String
    var play: String?

    var isHang: Bool { probe == "hang" || play == "hang" }
    var description: String { play.map { "probe \(probe), play \($0)" } ?? "probe \(probe)" }
}

/// Counts of fuzz outcomes.
struct FuzzTally {
    private(set) var counts: [String: Int] = [:]

    mutating func record(_ outcome: FuzzOutcome) { counts[outcome.description, default: 0] += 1 }

    var total: Int { counts.values.reduce(0, +) }
    var hangs: Int { counts.filter { $0.key.contains("hang") }.values.reduce(0, +) }
    var summary: String { counts.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: "; ") }
}
