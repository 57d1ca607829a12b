import Foundation
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Audio and subtitle delays, pitch correction and amplification reach libmpv.
@MainActor
@Suite("Audio settings")
struct AudioSettingsTests {
    @Test func delaysPitchAndAmplificationReachTheEngine() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .multiTrack)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(30))
        try player.setAudioDelay(0.3)
        try player.setSubtitleDelay(-1.5)
        try player.setPitchCorrection(false)
        try player.setVolume(1.2)
        await engine.commandsCompleted()
        #expect(engine.propertyText("audio-delay").flatMap(Double.init) == 0.3)
        #expect(engine.propertyText("sub-delay").flatMap(Double.init) == -1.5)
        #expect(engine.propertyText("audio-pitch-correction") == "no")
        #expect(engine.propertyText("volume-max").flatMap(Double.init) == 130)
        try await player.until("120 %", timeout: .seconds(30)) { abs($0.volume - 1.2) < 0.001 }
        #expect(player.audioDelay == 0.3 && player.subtitleDelay == -1.5 && !player.pitchCorrection)
        // Past the configured maximum (130 %): refused, nothing changes.
        #expect(throws: PlayerError.self) { try player.setVolume(1.5) }
        #expect(throws: PlayerError.self) { try player.setAudioDelay(.infinity) }
        await engine.commandsCompleted()
        #expect(engine.propertyText("volume").flatMap(Double.init) == 120)
        await player.shutdown()
    }
}
