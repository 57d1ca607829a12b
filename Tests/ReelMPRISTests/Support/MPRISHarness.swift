import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPRIS

/// A private bus, a `Player` on a `FakeEngine`, and the player published on the bus.
@MainActor
final class MPRISHarness {
    let bus: PrivateBus
    let engine = FakeEngine()
    let player: Player
    let service: MPRISService
    let recorder: SignalRecorder

    /// An item with every field MPRIS shows.
    static let item = MediaItem(
        url: URL(string: "https://media.test/big-buck-bunny.mp4")!, title: "Big Buck Bunny",
        artworkURL: URL(string: "https://media.test/poster.jpg")!, artist: "Blender Foundation",
        album: "Open Movies", summary: "A giant rabbit and three rodents.")

    init() async throws {
        bus = try await PrivateBus.start()
        engine.setMedia(FakeEngine.Media(duration: 60), for: Self.item.url)
        player = Player(engine: engine)
        service = MPRISService(player, configuration: MPRISConfiguration(address: .address(bus.address)))
        try service.start()
        recorder = try SignalRecorder(bus: bus)
    }

    /// Loads ``item`` and waits until it plays (or is ready, without autoplay) and the bus
    /// shows it.
    func load(autoplay: Bool = true) async throws {
        try player.load(Self.item, autoplay: autoplay)
        try await player.until(status: .ready)
        try await settle()
    }

    /// Waits until the service has published the player's current state: a local change
    /// reaches the bus after a hop to the main actor, which this lets run.
    func settle(timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !service.isUpToDate {
            guard ContinuousClock.now < deadline else { throw SettleTimeout() }
            await Task.yield()
        }
    }

    /// `playerctl -p reel ARGUMENTS…` on this bus.
    func playerctl(_ arguments: String...) async -> ToolResult {
        await Tool.run(["playerctl", "-p", "reel"] + arguments, on: bus)
    }

    /// A property of the `org.mpris.MediaPlayer2.Player` interface as `busctl get-property`
    /// prints it, such as `b true`.
    func playerProperty(_ name: String) async -> String {
        await property(name, of: "org.mpris.MediaPlayer2.Player")
    }

    /// A property of the root interface, `org.mpris.MediaPlayer2`, as `busctl get-property` prints it.
    func rootProperty(_ name: String) async -> String {
        await property(name, of: "org.mpris.MediaPlayer2")
    }

    /// Sets a boolean property of the root interface with `busctl set-property`; returns its status.
    func setRootProperty(_ name: String, _ value: Bool) async -> Int32 {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "set-property", service.busName, "/org/mpris/MediaPlayer2",
                "org.mpris.MediaPlayer2", name, "b", value ? "true" : "false",
            ], on: bus
        ).status
    }

    private func property(_ name: String, of interface: String) async -> String {
        await Tool.run(
            [
                "busctl", "--address=\(bus.address)", "get-property", service.busName, "/org/mpris/MediaPlayer2",
                interface, name,
            ], on: bus
        ).output
    }

    func tearDown() async {
        recorder.stop()
        service.stop()
        await player.shutdown()
        bus.stop()
    }
}

/// The service did not publish the player's state in time.
struct SettleTimeout: Error {}
