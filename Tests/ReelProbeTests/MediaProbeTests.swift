import Foundation
import ReelCore
import ReelProbe
import ReelTestSupport
import ReelTesting
import Testing

/// ReelProbe on generated media: every stream, its codec and parameters as the ffmpeg command
/// that made the file wrote them, and whether this machine decodes it.
@Suite("MediaProbe on local files")
struct MediaProbeTests {
    let probe = MediaProbe()

    private func probed(_ fixture: Fixture) async throws -> ProbedMedia {
        try await probe.probe(try await MediaFixtures.url(for: fixture))
    }

    private func expectDuration(
        _ media: ProbedMedia, _ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let duration = media.duration ?? -1
        #expect(
            abs(duration - seconds) <= seconds * 0.02, "duration \(duration), expected \(seconds)",
            sourceLocation: sourceLocation)
    }

    @Test("H.264/AAC MP4: a 320x240 30 fps picture and a 48 kHz mono tone, both decodable")
    func h264AndAACInMP4() async throws {
        let media = try await probed(.shortClip)
        #expect(media.container == "mov,mp4,m4a,3gp,3g2,mj2")
        expectDuration(media, 2)
        #expect(media.streams.map(\.kind) == [.video, .audio])
        let video = try #require(media.streams.first)
        #expect(video.codec == "h264")
        #expect(video.profile != nil)
        #expect(video.codecTag == "avc1")
        #expect(video.video?.width == 320 && video.video?.height == 240)
        #expect(video.video?.displayWidth == 320 && video.video?.displayHeight == 240)
        #expect(video.video?.frameRate == 30)
        #expect(video.video?.pixelFormat == "yuv420p")
        #expect(video.video?.rotation == nil)
        #expect(video.disposition.contains(.default))
        #expect(video.isDecodable && video.decoder == "h264" && video.undecodableReason == nil)
        let audio = try #require(media.streams.last)
        #expect(audio.codec == "aac" && audio.profile == "LC")
        #expect(
            audio.audio == AudioParameters(sampleRate: 48000, channels: 1, channelLayout: "mono", sampleFormat: "fltp"))
        #expect(audio.bitRate.map { abs($0 - 96_000) < 20_000 } == true, "\(audio.bitRate as Any)")
        #expect(audio.isDecodable)
        #expect(media.isPlayable && media.unplayableReason == nil)
        #expect(media.bitRate != nil)
    }

    @Test("VP9/Opus WebM")
    func vp9AndOpusInWebM() async throws {
        let media = try await probed(.vp9OpusWebM)
        #expect(media.container == "matroska,webm")
        expectDuration(media, 2)
        #expect(media.streams.map(\.codec) == ["vp9", "opus"])
        #expect(media.streams[0].video?.width == 320 && media.streams[0].video?.height == 240)
        #expect(media.streams[1].audio?.sampleRate == 48000 && media.streams[1].audio?.channels == 1)
        #expect(media.streams.allSatisfy { $0.isDecodable })
        #expect(media.isPlayable)
    }

    @Test("A Matroska file of subtitles only is reported in full, and not playable here")
    func subtitlesOnly() async throws {
        let media = try await probed(.subtitlesOnlyMatroska)
        #expect(media.container == "matroska,webm")
        expectDuration(media, 3)
        #expect(media.streams.count == 1)
        let subtitles = try #require(media.streams.first)
        #expect(subtitles.kind == .subtitle && subtitles.codec == "subrip" && subtitles.language == "eng")
        #expect(subtitles.isDecodable)
        #expect(!media.isPlayable)
        #expect(media.unplayableReason == "it holds no audio or video stream (only subtitle)")
    }

    @Test("Big-endian float PCM in QuickTime")
    func bigEndianFloatPCM() async throws {
        let media = try await probed(.floatPCMBigEndian)
        expectDuration(media, 2)
        #expect(media.streams.count == 1)
        let audio = try #require(media.streams.first)
        #expect(audio.codec == "pcm_f32be" && audio.codecTag == "fl32")
        #expect(audio.audio?.sampleRate == 48000 && audio.audio?.channels == 1)
        #expect(audio.bitRate == 48000 * 32)
        #expect(audio.isDecodable && media.isPlayable)
    }

    @Test("MPEG-2 video and AC-3 in an MPEG program stream")
    func mpegProgramStreamWithAC3() async throws {
        let media = try await probed(.mpegPSWithAC3)
        #expect(media.container == "mpeg")
        expectDuration(media, 2)
        #expect(Set(media.streams.map(\.codec)) == ["mpeg2video", "ac3"])
        let video = try #require(media.streams.first { $0.kind == .video })
        #expect(video.video?.width == 320 && video.video?.height == 240 && video.video?.frameRate == 25)
        let audio = try #require(media.streams.first { $0.kind == .audio })
        #expect(audio.audio?.sampleRate == 48000 && audio.audio?.channels == 1 && audio.bitRate == 96000)
        #expect(media.streams.allSatisfy { $0.isDecodable })
        #expect(media.startTime != nil)
    }

    @Test("Audio only: AAC in an .m4a")
    func audioOnly() async throws {
        let media = try await probed(.audioOnly)
        expectDuration(media, 2)
        #expect(media.streams.map(\.kind) == [.audio])
        #expect(media.isPlayable)
    }

    @Test("A still PNG picture: one video stream, no duration")
    func stillImage() async throws {
        let media = try await probed(.stillImage)
        #expect(media.container == "png_pipe")
        #expect(media.streams.count == 1)
        let picture = try #require(media.streams.first)
        #expect(picture.codec == "png" && picture.video?.width == 320 && picture.video?.height == 240)
        #expect(picture.isDecodable && media.isPlayable)
    }

    @Test("MPEG-H 3D Audio: known to libavformat, no decoder here; the stream says why")
    func codecWithoutDecoder() async throws {
        let media = try await probed(.mpegHAudio)
        expectDuration(media, 2)
        let audio = try #require(media.streams.first)
        #expect(audio.codec == "mpegh_3d_audio" && audio.codecTag == "mhm1")
        #expect(audio.audio?.sampleRate == 48000)
        #expect(!audio.isDecodable && audio.decoder == nil)
        let reason = try #require(audio.undecodableReason)
        #expect(reason.hasPrefix("no decoder for mpegh_3d_audio in this FFmpeg (libavcodec 59."), "\(reason)")
        #expect(!media.isPlayable)
        #expect(media.unplayableReason?.contains("stream 0: no decoder for mpegh_3d_audio") == true)
    }

    /// libmpv fails this file (its video decoder is set up first and fails; CorpusTests), but
    /// FFmpeg decodes its audio: the probe says which stream cannot be decoded, and why.
    @Test("A sample entry FFmpeg does not know: the video is undecodable, the audio plays")
    func unknownVideoCodec() async throws {
        let media = try await probed(.unknownVideoCodec)
        let video = try #require(media.streams.first)
        #expect(video.kind == .video && video.codec == "none" && video.codecTag == "qqqq")
        #expect(video.video?.width == 320 && video.video?.height == 240)
        #expect(!video.isDecodable)
        #expect(video.undecodableReason?.hasPrefix("the codec qqqq is unknown to this FFmpeg") == true)
        #expect(media.streams.last?.codec == "aac" && media.streams.last?.isDecodable == true)
        #expect(media.isPlayable)
    }

    @Test("Sonic: a decoder exists but is experimental, so nothing decodes it by default")
    func experimentalDecoder() async throws {
        let media = try await probed(.experimentalCodec)
        let audio = try #require(media.streams.first)
        #expect(audio.codec == "sonic" && audio.audio?.sampleRate == 44100)
        #expect(!audio.isDecodable && audio.decoder == "sonic")
        #expect(audio.undecodableReason?.contains("experimental") == true)
        #expect(!media.isPlayable)
    }

    @Test("Languages, titles, dispositions, chapters and tags of the multi-track Matroska")
    func multiTrackDetails() async throws {
        let media = try await probed(.multiTrack)
        expectDuration(media, 6)
        #expect(media.streams.map(\.kind) == [.video, .audio, .audio, .subtitle, .subtitle])
        #expect(media.streams.map(\.language) == [nil, "eng", "ger", "eng", "ger"])
        #expect(media.streams.map(\.title) == [nil, "English", "Deutsch", "English", "Deutsch"])
        #expect(media.streams[1].disposition.contains(.default))
        #expect(!media.streams[2].disposition.contains(.default))
        #expect(media.chapters.map(\.title) == ["Intro", "Main"])
        #expect(media.chapters.map(\.start) == [0, 3])
        #expect(media.chapters.map(\.end) == [3, 6])
        #expect(media.title == "Reel multi-track fixture")
        #expect(media.streams.allSatisfy { $0.isDecodable })
    }

    /// The fixture's `rotate=90` tag became a matrix that turns the picture 90° counterclockwise
    /// (ffprobe's `rotation` 90): 270° clockwise, as mpv reports it too (CorpusTests).
    @Test("The display matrix's rotation, clockwise")
    func rotation() async throws {
        let media = try await probed(.rotated)
        let video = try #require(media.streams.first { $0.kind == .video })
        #expect(video.video?.rotation == 270)
        #expect(video.video?.width == 320 && video.video?.height == 240)
    }

    @Test("Files libavformat cannot read fail with notMedia", arguments: [Fixture.truncated, .textAsMP4, .zeroBytes])
    func unreadableFiles(_ fixture: Fixture) async throws {
        let url = try await MediaFixtures.url(for: fixture)
        let error = await #expect(throws: ProbeError.self) { try await probe.probe(url) }
        #expect(error?.code == .notMedia)
        #expect(error?.ffmpegCode != nil)
        #expect(error?.message.contains("\"\(url.lastPathComponent)\"") == true)
    }

    @Test("A missing file, a folder")
    func missingFileAndFolder() async throws {
        let missing = await #expect(throws: ProbeError.self) { try await probe.probe(MediaFixtures.missingFile()) }
        #expect(missing?.code == .fileNotFound)
        // A folder of its own: the fixture cache does not exist yet on a fresh clone.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reel-probe-folder-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notMedia = await #expect(throws: ProbeError.self) { try await probe.probe(folder) }
        #expect(notMedia?.code == .notMedia)
    }

    @Test("Addresses pass the URL policy, and only file, http and https are probed")
    func refusedSchemes() async throws {
        for (text, scheme) in [
            ("ytdl://example.com/x", "ytdl"), ("lavfi://testsrc", "lavfi"), ("ftp://host/a.mp4", "ftp"),
        ] {
            let url = try #require(URL(string: text))
            let error = await #expect(throws: ProbeError.self) { try await probe.probe(url) }
            #expect(error?.code == .refusedScheme(scheme))
        }
        // An app may allow another scheme for its player; the probe still cannot hold it to a whitelist.
        let rtsp = MediaProbe(policy: URLPolicy.standard.allowing("rtsp"))
        let error = await #expect(throws: ProbeError.self) {
            try await rtsp.probe(URL(string: "rtsp://127.0.0.1:1/x")!)
        }
        #expect(error?.code == .refusedScheme("rtsp"))
    }

    @Test("A zero timeout times out at once; an enormous one is no deadline")
    func extremeTimeouts() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        let error = await #expect(throws: ProbeError.self) { try await MediaProbe(timeout: .zero).probe(url) }
        #expect(error?.code == .timedOut)
        let patient = MediaProbe(timeout: .seconds(Int64.max), analyzeDuration: .seconds(Int64.max))
        #expect(try await patient.probe(url).streams.count == 2)
    }

    @Test("The blocking call gives the same report")
    func blockingCall() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        let asynchronous = try await probe.probe(url)
        let blocking = try await Task.detached { try MediaProbe().probeBlocking(url) }.value
        #expect(blocking == asynchronous)
    }

    @Test("Without opening decoders, a decoder that exists counts")
    func decoderLookupOnly() async throws {
        let quick = MediaProbe(opensDecoders: false)
        let clip = try await quick.probe(try await MediaFixtures.url(for: .shortClip))
        #expect(clip.streams.allSatisfy { $0.isDecodable })
        let mpegH = try await quick.probe(try await MediaFixtures.url(for: .mpegHAudio))
        #expect(mpegH.streams.first?.isDecodable == false)
    }

    @Test("The report encodes to JSON and back; dispositions as names")
    func codable() async throws {
        let media = try await probed(.multiTrack)
        let data = try JSONEncoder().encode(media)
        #expect(try JSONDecoder().decode(ProbedMedia.self, from: data) == media)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"disposition\":[\"default\"]"))
    }
}
