import Foundation
import ReelCore
import ReelMPRIS
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Without a bus, MPRIS says why it is off and the player plays on.
@MainActor
@Suite("MPRIS without a bus")
struct WithoutBusTests {
    @Test func startThrowsATypedErrorAndThePlayerPlaysOn() async throws {
        let engine = FakeEngine()
        let player = Player(engine: engine)
        let missing = "unix:path=/nonexistent/reel-test-bus"
        let service = MPRISService(player, configuration: MPRISConfiguration(address: .address(missing)))
        let error = #expect(throws: BusError.self) { try service.start() }
        #expect(error?.message.hasPrefix("Cannot connect to the bus at \(missing): ") == true)
        #expect(!service.isRunning)
        try player.load(MediaItem(url: URL(string: "https://media.test/clip.mp4")!))
        try await player.until(state: .playing)
        service.stop()
        await player.shutdown()
    }

    @Test func theSleepMonitorAndTheInhibitorFailTheSameWay() async throws {
        let player = Player(engine: FakeEngine())
        let missing = BusAddress.address("unix:path=/nonexistent/reel-test-bus")
        #expect(throws: BusError.self) { try SleepMonitor.interrupting(player, address: missing).start() }
        #expect(throws: BusError.self) { try ScreenSaverInhibitor(player, address: missing).start() }
        await player.shutdown()
    }
}

/// A service released without `stop()` leaves the bus by itself.
@MainActor
@Suite("MPRIS lifetime")
struct LifetimeTests {
    @Test func releasingTheServiceLeavesTheBus() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.stop() }
        let player = Player(engine: FakeEngine())
        var service: MPRISService? = MPRISService(
            player, configuration: MPRISConfiguration(address: .address(bus.address)))
        try service?.start()
        #expect(await Tool.run(["playerctl", "-l"], on: bus).output.hasPrefix("reel.instance"))
        service = nil
        let list = await Tool.run(["playerctl", "-l"], on: bus)
        #expect(list.output.isEmpty, "\(list.output)")
        await player.shutdown()
    }
}
