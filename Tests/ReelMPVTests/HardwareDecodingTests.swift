import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Hardware decoding is a typed setting, and the state says which decoder is in use.
@MainActor
@Suite("Hardware decoding")
struct HardwareDecodingTests {
    @Test(arguments: MPVConfiguration.HardwareDecoding.allCases)
    func theSettingReachesLibmpvAndTheStateSaysWhatDecodes(_ setting: MPVConfiguration.HardwareDecoding) async throws {
        var configuration = MPVConfiguration.headless
        configuration.hardwareDecoding = setting
        let engine = try MPVEngine(configuration: configuration)
        #expect(engine.propertyText("hwdec") == (setting == .off ? "no" : "auto-safe"))
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .shortClip)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        // Software decodes with it off; with auto-safe, whatever libmpv reports (no GPU on CI).
        let current = engine.propertyText("hwdec-current")
        #expect(player.playback.hardwareDecoder == (current == "no" || current == nil ? nil : current))
        if setting == .off { #expect(player.playback.hardwareDecoder == nil) }
        await player.shutdown()
    }
}
