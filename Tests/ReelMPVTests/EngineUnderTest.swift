import Foundation
import Glibc
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The engines the contract suite runs against.
enum EngineKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case fake
    case mpv

    var testDescription: String { rawValue }
}

/// An engine of one kind and a player on it, with what the suite needs to drive them the same
/// way on both.
@MainActor
final class EngineUnderTest {
    let kind: EngineKind
    let engine: any PlaybackEngine
    let fake: FakeEngine?
    /// A player on ``engine``, made when first used (so a test may subscribe to the engine
    /// without one).
    lazy var player = Player(engine: engine)

    init(_ kind: EngineKind) throws {
        self.kind = kind
        switch kind {
        case .fake:
            let fake = FakeEngine()
            self.fake = fake
            engine = fake
        case .mpv:
            fake = nil
            engine = try MPVEngine(configuration: .headless)
        }
    }

    /// The URL of a fixture; the fake is told what the real file holds.
    func media(_ fixture: Fixture) async throws -> URL {
        let url = try await MediaFixtures.url(for: fixture)
        fake?.setMedia(Self.fakeMedia(for: fixture), for: url)
        return url
    }

    /// Lets media time pass: real time passes by itself for mpv; the fake's timeline is moved.
    func letTimePass(_ seconds: Double) { fake?.advance(by: seconds) }

    /// Engine timeouts: real media needs real time.
    var timeout: Duration { kind == .mpv ? .seconds(15) : .seconds(10) }

    static func fakeMedia(for fixture: Fixture) -> FakeEngine.Media {
        switch fixture {
        case .tenSecondClip: FakeEngine.Media(duration: 10)
        case .multiTrack:
            FakeEngine.Media(
                duration: 6,
                tracks: [
                    Track(id: 1, kind: .video, codec: "h264", width: 320, height: 240),
                    Track(id: 1, kind: .audio, codec: "aac", language: "eng", title: "English", isDefault: true),
                    Track(id: 2, kind: .audio, codec: "aac", language: "ger", title: "Deutsch"),
                    Track(id: 1, kind: .subtitle, codec: "subrip", language: "eng"),
                    Track(id: 2, kind: .subtitle, codec: "subrip", language: "ger"),
                ],
                chapters: [Chapter(title: "Intro", start: 0), Chapter(title: "Main", start: 3)])
        default: FakeEngine.Media(duration: 2)
        }
    }
}

/// Open file descriptors, threads and resident memory of this process, from /proc.
enum ProcessResources {
    static var openFileDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
    static var threads: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1 }

    /// Resident memory of this process in MiB, from /proc.
    static var residentMebibytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1024
    }

    /// Resident memory after glibc's `malloc_trim(0)` has returned the free pages of every arena,
    /// so that what the allocator keeps for reuse does not read as growth.
    static var trimmedResidentMebibytes: Double {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        return residentMebibytes
    }

    /// The three at one moment.
    struct Snapshot: CustomStringConvertible {
        var fileDescriptors: Int
        var threads: Int
        /// Resident MiB after `malloc_trim`.
        var resident: Double

        var description: String {
            "fds \(fileDescriptors), threads \(threads), " + String(format: "RSS %.1f MiB", resident)
        }

        /// Whether `later` holds at most `slack` more descriptors and threads and `megabytes` more
        /// resident memory than this one.
        func bounds(_ later: Snapshot, slack: Int = 2, megabytes: Double) -> Bool {
            later.fileDescriptors <= fileDescriptors + slack && later.threads <= threads + slack
                && later.resident <= resident + megabytes
        }
    }

    static var snapshot: Snapshot {
        Snapshot(fileDescriptors: openFileDescriptors, threads: threads, resident: trimmedResidentMebibytes)
    }
}

/// Loads media that must fail on libmpv and returns the error it failed with.
@MainActor
enum MPVFailure {
    static func loading(_ url: URL) async throws -> PlayerError {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: url))
        try await player.until("a failure", timeout: .seconds(20)) { player in
            if case .paused(reason: .error) = player.state { true } else { false }
        }
        let status = player.playback.status
        await player.shutdown()
        guard case .failed(let error) = status else { throw PlayerError(.unknown) }
        #expect(error.engineCode != nil)
        return error
    }
}

/// One load/stop cycle on a real engine: load, play, stop, idle.
@MainActor
func loadStopCycle(_ player: Player, _ url: URL) async throws {
    try player.load(MediaItem(url: url))
    try await player.until(state: .playing, timeout: .seconds(15))
    try player.stop()
    try await player.until(status: .idle, timeout: .seconds(15))
}
