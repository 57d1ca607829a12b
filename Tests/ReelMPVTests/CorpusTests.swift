import CMPV
import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// The generated bad-input corpus (``Fixture/corpus``) on the real engine: every file ends in a
/// defined state within a deadline, never a crash or a hang. The outcomes are the ones libmpv
/// 0.35.1 and FFmpeg 5.1 show, measured here.
@MainActor
@Suite("Bad-input corpus", .serialized)
struct CorpusTests {
    /// What a playable corpus file holds and how it ends.
    struct Playable: Sendable, CustomTestStringConvertible {
        var fixture: Fixture
        /// The duration the container declares.
        var duration: Double
        /// The kinds of its tracks, in order.
        var tracks: [TrackKind]
        /// Whether a geometry is reported; nil when that depends on timing.
        var hasPicture: Bool? = true

        var testDescription: String { "\(fixture)" }
    }

    nonisolated static let playable: [Playable] = [
        // The index comes first, so the engine knows 4 s and plays what is there, then ends.
        Playable(fixture: .cutAt10Percent, duration: 4, tracks: [.video, .audio]),
        Playable(fixture: .cutAt50Percent, duration: 4, tracks: [.video, .audio]),
        Playable(fixture: .cutAt90Percent, duration: 4, tracks: [.video, .audio]),
        // Damaged frames are concealed by the decoder.
        Playable(fixture: .byteFlipped, duration: 4, tracks: [.video, .audio]),
        // An index without data: tracks and duration, but no frame to show (a geometry may or may
        // not be reported from the index before the end).
        Playable(fixture: .headerOnly, duration: 4, tracks: [.video, .audio], hasPicture: nil),
        // The content decides, not the extension.
        Playable(fixture: .matroskaNamedMP4, duration: 2.021, tracks: [.video, .audio]),
        Playable(fixture: .videoOnly, duration: 2, tracks: [.video]),
        Playable(fixture: .tenthOfASecond, duration: 0.1, tracks: [.video, .audio]),
        Playable(fixture: .variableFrameRate, duration: 1.933, tracks: [.video]),
    ]

    /// A player whose engine decodes as fast as it can (`untimed`), as `reel check` does.
    private func fastPlayer() throws -> Player {
        var configuration = MPVConfiguration.headless
        configuration.options = ["untimed": "yes", "ao-null-untimed": "yes"]
        return Player(engine: try MPVEngine(configuration: configuration))
    }

    private func playToTheEnd(_ fixture: Fixture) async throws -> Player {
        let player = try fastPlayer()
        try player.load(MediaItem(url: try await MediaFixtures.url(for: fixture)))
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(15))
        return player
    }

    @Test(arguments: playable)
    func damagedAndUnusualFilesPlayToTheirEnd(_ expected: Playable) async throws {
        let player = try await playToTheEnd(expected.fixture)
        #expect(player.playback.status == .ended)
        let duration = try #require(player.duration)
        #expect(abs(duration - expected.duration) < 0.01)
        #expect(abs(player.currentTime - duration) < 0.01)
        #expect(player.tracks.map(\.kind) == expected.tracks)
        if let hasPicture = expected.hasPicture { #expect((player.playback.video != nil) == hasPicture) }
        await player.shutdown()
    }

    @Test func aMatroskaFileNamedMP4IsReadAsMatroska() async throws {
        let player = try await playToTheEnd(.matroskaNamedMP4)
        #expect(player.playback.container == "mkv")
        await player.shutdown()
    }

    @Test(arguments: [(Fixture.hugeDimensions, PlayerError.Code.unsupportedFormat)])
    func aPictureTooLargeToAllocateIsRefused(_ fixture: Fixture, _ code: PlayerError.Code) async throws {
        let error = try await MPVFailure.loading(try await MediaFixtures.url(for: fixture))
        #expect(error.code == code)
        #expect(error.message.contains("not in a format that can be played"))
    }

    /// libmpv sets up the video first, finds no decoder for it, and ends the item with its generic
    /// error (-20) before the audio is set up; `make fuzz` reached the same with damaged sample entries.
    @Test func aVideoCodecFFmpegDoesNotKnowIsADecoderFailure() async throws {
        let error = try await MPVFailure.loading(try await MediaFixtures.url(for: .unknownVideoCodec))
        #expect(error.code == .decoderFailure)
        #expect(error.engineCode == Int(MPV_ERROR_GENERIC.rawValue))
        #expect(
            error.message
                == "\"unknown-video-codec.mp4\" cannot be played: no decoder could be set up for its video (a codec FFmpeg does not know)."
        )
    }

    @Test(arguments: [Fixture.subtitleOnlyASS, .subtitleFile])
    func aSubtitleFileAsTheMainItemHasNothingToPlay(_ fixture: Fixture) async throws {
        let error = try await MPVFailure.loading(try await MediaFixtures.url(for: fixture))
        #expect(error.code == .nothingToPlay)
    }

    @Test func aRotatedPictureReportsItsQuarterTurn() async throws {
        let player = try await playToTheEnd(.rotated)
        let video = try #require(player.playback.video)
        #expect(video.width == 320 && video.height == 240)
        // ffmpeg's `rotate=90` tag becomes a display matrix that mpv reads as 270° clockwise.
        #expect(video.rotation == 270)
        #expect(video.presentationSize == (240, 320))
        #expect(player.aspectRatio.map { abs($0 - 0.75) < 0.001 } == true)
        await player.shutdown()
    }

    @Test(arguments: [(Fixture.size1x1, 1, 1), (.size3x5, 3, 5), (.size641x479, 641, 479)])
    func oddPictureSizesPlayAtTheirSize(_ fixture: Fixture, _ width: Int, _ height: Int) async throws {
        let player = try await playToTheEnd(fixture)
        let video = try #require(player.playback.video)
        #expect(video == VideoGeometry(width: width, height: height))
        #expect(abs((player.duration ?? 0) - 1) < 0.01)
        await player.shutdown()
    }

    @Test func aTenHourFileKnowsItsLengthAndEndsAfterASeekToTheEnd() async throws {
        let player = Player(engine: try MPVEngine(configuration: .headless))
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .tenHours)))
        try await player.until(state: .playing, timeout: .seconds(15))
        try await player.until("a known duration", timeout: .seconds(5)) { $0.duration != nil }
        #expect(player.duration == 36000)
        #expect(player.playback.isSeekable == true)
        try player.seek(to: 35_995, precision: .exact)
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(20))
        #expect(player.currentTime == 36000)
        await player.shutdown()
    }

    @Test func reelCheckGivesEveryCorpusFileAVerdictAndNoTimeout() async throws {
        let reel = try #require(BuiltProduct.url(named: "reel"), "the reel executable is built next to the tests")
        let fixtures = Fixture.corpus + [.zeroBytes, .subtitleFile]
        var files: [String] = []
        for fixture in fixtures { files.append(try await MediaFixtures.url(for: fixture).path) }
        let arguments = [reel.path, "check", "--json", "--seconds", "1", "--timeout", "15"] + files
        let output = await Command.output(arguments)
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let data = line.data(using: .utf8),
                let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                record["event"] as? String == "file", let path = record["path"] as? String,
                let result = record["result"] as? String
            else { continue }
            verdicts[URL(fileURLWithPath: path).lastPathComponent] =
                result + ((record["code"] as? String).map { " \($0)" } ?? "")
        }
        var expected: [String: String] = [:]
        for fixture in fixtures { expected[fixture.fileName] = "ok" }
        expected[Fixture.hugeDimensions.fileName] = "error unsupportedFormat"
        expected[Fixture.zeroBytes.fileName] = "error unsupportedFormat"
        expected[Fixture.subtitleOnlyASS.fileName] = "error nothingToPlay"
        expected[Fixture.subtitleFile.fileName] = "error nothingToPlay"
        expected[Fixture.unknownVideoCodec.fileName] = "error decoderFailure"
        #expect(verdicts == expected)
        #expect(output.contains("\(fixtures.count - 5) passed, 5 failed"))
    }
}
