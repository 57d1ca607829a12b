import Foundation
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// logind's `PrepareForSleep`, from a stand-in logind on a private "system" bus.
@MainActor
@Suite("Sleep interrupts playback")
struct SleepTests {
    let item = MediaItem(url: URL(string: "https://media.test/clip.mp4")!)

    @Test func sleepPausesWithTheInterruptedReasonAndWakingResumes() async throws {
        let bus = try await PrivateBus.start()
        let logind = try StandInLogind(bus: bus)
        let engine = FakeEngine()
        engine.setMedia(FakeEngine.Media(duration: 60), for: item.url)
        let player = Player(engine: engine)
        let monitor = SleepMonitor.interrupting(player, address: .address(bus.address))
        try monitor.start()
        try player.load(item)
        try await player.until(state: .playing)

        await logind.prepareForSleep(true)
        try await player.until(state: .paused(reason: .interrupted))
        #expect(player.playback.intent == PlayIntent(playWhenReady: false, reason: .interruption))
        #expect(player.isInterrupted)

        await logind.prepareForSleep(false)
        try await player.until(state: .playing)
        #expect(player.playback.intent == PlayIntent(playWhenReady: true, reason: .interruption))

        monitor.stop()
        logind.stop()
        await player.shutdown()
        bus.stop()
    }

    @Test func withTheNeverPolicyWakingLeavesItPaused() async throws {
        let bus = try await PrivateBus.start()
        let logind = try StandInLogind(bus: bus)
        let player = Player(engine: FakeEngine())
        player.interruptionPolicy = .never
        let (wakes, woke) = AsyncStream<Bool>.makeStream()
        let monitor = SleepMonitor(address: .address(bus.address)) { [weak player] sleeping in
            if sleeping {
                player?.beginInterruption()
            } else {
                woke.yield(player?.endInterruption() ?? false)
            }
        }
        try monitor.start()
        try player.load(item)
        try await player.until(state: .playing)
        await logind.prepareForSleep(true)
        try await player.until(state: .paused(reason: .interrupted))
        await logind.prepareForSleep(false)
        var iterator = wakes.makeAsyncIterator()
        let resumed = await iterator.next()
        #expect(resumed == false)
        #expect(player.state == .paused(reason: .interrupted))
        #expect(!player.isInterrupted)
        monitor.stop()
        logind.stop()
        await player.shutdown()
        bus.stop()
    }

    @Test func onlyTheOwnerOfLogindsNameCounts() async throws {
        let bus = try await PrivateBus.start()
        let logind = try StandInLogind(bus: bus)
        let forger = try StandInLogind(bus: bus, ownsName: false)
        let (signals, seen) = AsyncStream<Bool>.makeStream()
        let monitor = SleepMonitor(address: .address(bus.address)) { seen.yield($0) }
        try monitor.start()
        await forger.prepareForSleep(true)
        await logind.prepareForSleep(false)
        var iterator = signals.makeAsyncIterator()
        // The forged signal was sent first; the first one the monitor reports is logind's.
        #expect(await iterator.next() == false)
        monitor.stop()
        forger.stop()
        logind.stop()
        bus.stop()
    }
}
