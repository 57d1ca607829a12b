import Foundation
import ReelCore
import ReelPlayer
import ReelTesting
import Testing

@testable import ReelMPV

/// Whether each track plays here: libmpv's `decoder-list` names the codecs it decodes.
@MainActor
@Suite("Track playability")
struct TrackPlayabilityTests {
    @Test func audioAndVideoTracksAreMarkedByTheDecodersAndSubtitlesAreUnknown() {
        let codecs = EventPump.decodableCodecs(
            .array([.map(["codec": .string("h264"), "driver": .string("h264")]), .map(["codec": .string("aac")])]))
        #expect(codecs == ["h264", "aac"])
        let tracks = [
            Track(id: 1, kind: .video, codec: "h264"), Track(id: 1, kind: .audio, codec: "mpegh_3d_audio"),
            Track(id: 2, kind: .audio), Track(id: 1, kind: .subtitle, codec: "subrip"),
        ]
        let marked = EventPump.markingPlayable(.tracks(tracks), codecs: codecs)
        #expect(
            marked
                == .tracks(
                    tracks.enumerated().map { index, track in
                        var track = track
                        track.isPlayable = [true, false, false, nil][index]
                        return track
                    }))
        #expect(EventPump.markingPlayable(.duration(3), codecs: codecs) == .duration(3))
    }

    @Test func aFileOnLibmpvHasPlayableAudioAndVideo() async throws {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .multiTrack)), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(20))
        let tracks = player.playback.tracks
        #expect(tracks.contains { $0.kind == .video } && tracks.contains { $0.kind == .audio })
        #expect(tracks.filter { $0.kind != .subtitle }.allSatisfy { $0.isPlayable == true }, "\(tracks)")
        #expect(tracks.filter { $0.kind == .subtitle }.allSatisfy { $0.isPlayable == nil })
        await player.shutdown()
    }
}
