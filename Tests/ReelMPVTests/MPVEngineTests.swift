import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("MPVEngine", .serialized)
struct MPVEngineTests {
    @Test func aMissingFileFailsWithFileNotFound() async throws {
        let error = try await MPVFailure.loading(MediaFixtures.missingFile())
        #expect(error.code == .fileNotFound)
        #expect(error.message.contains("could not be found"))
    }

    @Test(arguments: [Fixture.zeroBytes, .truncated, .textAsMP4])
    func corruptFilesFailWithUnsupportedFormat(_ fixture: Fixture) async throws {
        let error = try await MPVFailure.loading(try await MediaFixtures.url(for: fixture))
        #expect(error.code == .unsupportedFormat)
    }

    @Test(arguments: ["ytdl://x", "av://lavfi:testsrc", "lavfi://testsrc", "edl://a.mp4", "memory://abc"])
    func unsafeSchemesAreRefusedBeforeReachingTheEngine(_ address: String) throws {
        let engine = try MPVEngine(configuration: .headless)
        // What a user types is judged by its scheme before it is even parsed…
        #expect(throws: PlayerError.self) { try engine.configuration.urlPolicy.resolve(address) }
        // …and a URL built by code is refused by the engine itself.
        let url = try #require(URL(string: address) ?? URL(string: address.replacingOccurrences(of: ":t", with: "/t")))
        do {
            try engine.send(.load(LoadRequest(item: MediaItem(url: url))))
            Issue.record("\(address) was accepted")
        } catch {
            guard case .refusedScheme = error.code else {
                Issue.record("expected refusedScheme, got \(error)")
                return
            }
        }
        #expect(throws: PlayerError.self) {
            try engine.send(.addSubtitle(ExternalSubtitle(url: url)))
        }
    }

    /// libmpv would open a folder as a playlist of its own, under one item of the queue: the
    /// engine refuses it, and says to queue its files.
    @Test func aFolderIsRefusedWithATypedError() throws {
        let engine = try MPVEngine(configuration: .headless)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: PlayerError.self) {
            try engine.send(.load(LoadRequest(item: MediaItem(url: folder))))
        }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message.contains("is a folder") == true)
    }

    @Test func securityOptionsCannotBeOverridden() {
        var configuration = MPVConfiguration.headless
        configuration.options = ["ytdl": "yes"]
        #expect(throws: PlayerError.self) { try MPVEngine(configuration: configuration) }
        configuration.options = ["load-scripts": "yes"]
        #expect(throws: PlayerError.self) { try MPVEngine(configuration: configuration) }
    }

    @Test func invalidArgumentsAreRefused() throws {
        let engine = try MPVEngine(configuration: .headless)
        #expect(throws: PlayerError.self) { try engine.send(.setSpeed(.nan)) }
        #expect(throws: PlayerError.self) { try engine.send(.setVolume(-1)) }
        #expect(throws: PlayerError.self) { try engine.send(.seek(.absolute(.infinity), precision: .exact)) }
        var item = MediaItem(url: URL(fileURLWithPath: "/tmp/x.mp4"))
        item.startPosition = -3
        #expect(throws: PlayerError.self) { try engine.send(.load(LoadRequest(item: item))) }
    }

    @Test func aStartPositionIsHonoured() async throws {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        var item = MediaItem(url: try await MediaFixtures.url(for: .tenSecondClip), title: "Given title")
        item.startPosition = 5
        try player.load(item, autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(15))
        try await player.until("position near 5", timeout: .seconds(5)) { abs($0.currentTime - 5) < 0.2 }
        #expect(player.title == "Given title")
        #expect(player.playback.container != nil)
        #expect(player.aspectRatio.map { abs($0 - 4.0 / 3.0) < 0.01 } == true)
        await player.shutdown()
    }

    @Test func sendsAfterShutdownThrowAndShutdownIsIdempotent() async throws {
        let engine = try MPVEngine(configuration: .headless)
        await engine.shutdown()
        await engine.shutdown()
        #expect(throws: PlayerError(.engineGone)) { try engine.send(.play) }
        #expect(throws: PlayerError(.engineGone)) { try engine.send(.stop) }
        var count = 0
        for await event in engine.events where event == .shutdown { count += 1 }
        #expect(count == 1)
    }

    @Test func loadStopCyclesLeaveThreadsAndFileDescriptorsFlat() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        // Warm up: decoder threads and caches settle during the first cycles.
        for _ in 0..<10 { try await loadStopCycle(player, url) }
        let fds = ProcessResources.openFileDescriptors
        let threads = ProcessResources.threads
        for _ in 0..<200 { try await loadStopCycle(player, url) }
        #expect(
            ProcessResources.openFileDescriptors <= fds + 2, "fds: \(fds) → \(ProcessResources.openFileDescriptors)")
        #expect(ProcessResources.threads <= threads + 2, "threads: \(threads) → \(ProcessResources.threads)")
        await player.shutdown()
    }
}
