import Foundation
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The screensaver is inhibited while video plays, through a stand-in
/// `org.freedesktop.ScreenSaver` on a private bus.
@MainActor
@Suite("Screensaver inhibition")
struct ScreenSaverTests {
    let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!)

    @Test func inhibitedWhileVideoPlaysReleasedOnPauseAndStop() async throws {
        let bus = try await PrivateBus.start()
        let screensaver = try StandInScreenSaver(bus: bus)
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        let inhibitor = ScreenSaverInhibitor(player, address: .address(bus.address))
        try inhibitor.start()

        try player.load(item)
        #expect(await screensaver.calls.wait { Self.isInhibited($0) })
        #expect(inhibitor.isInhibiting)
        #expect(screensaver.calls.values.first == .inhibit(application: "Reel", reason: "Playing video", cookie: 1))
        try player.pause()
        #expect(await screensaver.calls.wait { Self.isReleased($0) })
        #expect(!inhibitor.isInhibiting)
        try player.play()
        #expect(await screensaver.calls.wait { Self.isInhibited($0) })
        try player.stop()
        #expect(await screensaver.calls.wait { Self.isReleased($0) })
        // Every inhibition is released with its own cookie before the next one.
        let calls = screensaver.calls.values
        #expect(calls.count >= 4)
        for pair in stride(from: 0, to: calls.count - 1, by: 2) {
            guard case .inhibit(_, _, let cookie) = calls[pair] else {
                Issue.record("call \(pair) is \(calls[pair])")
                continue
            }
            #expect(calls[pair + 1] == .uninhibit(cookie: cookie))
        }

        inhibitor.stop()
        screensaver.stop()
        await player.shutdown()
        bus.stop()
    }

    @Test func audioOnlyItemsDoNotInhibit() async throws {
        let bus = try await PrivateBus.start()
        let screensaver = try StandInScreenSaver(bus: bus)
        let engine = FakeEngine()
        let audio = Track(id: 1, kind: .audio, codec: "aac", isDefault: true)
        engine.setMedia(FakeEngine.Media(duration: 60, tracks: [audio], video: nil), for: item.url)
        let player = Player(engine: engine)
        let inhibitor = ScreenSaverInhibitor(player, address: .address(bus.address))
        try inhibitor.start()
        try player.load(item)
        try await player.until(state: .playing)
        #expect(!inhibitor.isInhibiting)
        // Stopping the inhibitor waits for the calls it handed to its thread: none were made.
        inhibitor.stop()
        #expect(screensaver.calls.values.isEmpty)
        screensaver.stop()
        await player.shutdown()
        bus.stop()
    }

    @Test func stoppingTheInhibitorReleasesIt() async throws {
        let bus = try await PrivateBus.start()
        let screensaver = try StandInScreenSaver(bus: bus)
        let player = Player(engine: FakeEngine())
        let inhibitor = ScreenSaverInhibitor(player, address: .address(bus.address))
        try inhibitor.start()
        try player.load(item)
        #expect(await screensaver.calls.wait { $0.count == 1 })
        inhibitor.stop()
        #expect(await screensaver.calls.wait { $0 == [$0[0], .uninhibit(cookie: 1)] })
        screensaver.stop()
        await player.shutdown()
        bus.stop()
    }

    nonisolated private static func isInhibited(_ calls: [ScreenSaverCall]) -> Bool {
        if case .inhibit = calls.last { return true }
        return false
    }

    nonisolated private static func isReleased(_ calls: [ScreenSaverCall]) -> Bool {
        guard calls.count >= 2, case .inhibit(_, _, let cookie) = calls[calls.count - 2] else { return false }
        return calls.last == .uninhibit(cookie: cookie)
    }
}
