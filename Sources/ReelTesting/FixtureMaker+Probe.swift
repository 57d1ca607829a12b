import Foundation

/// The recipes of the probe corpus (``Fixture/probeCorpus``): each is ffmpeg's output, one of them
/// relabelled, and takes well under a second to make.
extension FixtureMaker {
    func makeProbeFile(_ fixture: Fixture, at partial: URL, scratch: ScratchFiles) async throws(MediaFixtureError) {
        switch fixture {
        case .vp9OpusWebM:
            let arguments =
                Self.video(seconds: 2) + Self.tone(hertz: 440, seconds: 2)
                + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]
                + ["-c:a", "libopus", "-b:a", "48k", "-f", "webm", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .subtitlesOnlyMatroska:
            let subtitles = scratch.url("cues.srt")
            try write(Data(Self.probeSubtitles.utf8), to: subtitles)
            let arguments =
                ["-i", subtitles.path, "-map", "0:s", "-c:s", "srt", "-metadata:s:s:0", "language=eng"]
                + ["-f", "matroska", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .floatPCMBigEndian:
            let arguments = Self.tone(hertz: 440, seconds: 2) + ["-c:a", "pcm_f32be", "-f", "mov", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .mpegPSWithAC3:
            let arguments =
                ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2"] + Self.tone(hertz: 440, seconds: 2)
                + ["-c:v", "mpeg2video", "-b:v", "500k", "-c:a", "ac3", "-b:a", "96k", "-f", "vob", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .stillImage:
            let arguments =
                ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=1", "-frames:v", "1"]
                + ["-c:v", "png", "-f", "image2", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .mpegHAudio:
            // FFmpeg 5.1 encodes no MPEG-H, but its QuickTime demuxer maps the `mhm1` sample
            // entry to MPEG-H 3D Audio: 16-bit PCM (`twos`, which has no child box that would
            // name another codec) relabelled.
            try await runFFmpeg(
                for: fixture, Self.tone(hertz: 440, seconds: 2) + ["-c:a", "pcm_s16be", "-f", "mov", partial.path])
            var data = try read(partial)
            guard let index = Self.sampleEntry("twos", in: data) else {
                throw .fileSystem(path: partial.path, reason: "ffmpeg wrote no twos sample entry")
            }
            data.replaceSubrange(index..<index + 4, with: Data("mhm1".utf8))
            try write(data, to: partial)
        case .experimentalCodec:
            // `-strict -2` twice: the encoder is experimental too, and ffmpeg checks it on both sides.
            let arguments =
                ["-strict", "-2", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1"]
                + ["-strict", "-2", "-c:a", "sonic", "-f", "matroska", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .dashStream:
            try createFolder(partial)
            let arguments =
                Self.clip(seconds: 4, gop: 15)
                + ["-f", "dash", "-seg_duration", "1", partial.appendingPathComponent("manifest.mpd").path]
            try await runFFmpeg(for: fixture, arguments)
        default:
            throw .fileSystem(path: partial.path, reason: "no recipe for \(fixture)")
        }
    }

    /// Where the four-character `type` first appears inside the `moov` box (never in the media
    /// data, whose bytes could spell it by chance).
    static func sampleEntry(_ type: String, in data: Data) -> Int? {
        guard let movie = MP4Box.topLevel(in: data).first(where: { $0.type == "moov" }) else { return nil }
        let range = data.startIndex + movie.offset..<data.startIndex + movie.offset + movie.size
        return data.range(of: Data(type.utf8), in: range).map { $0.lowerBound - data.startIndex }
    }

    private static let probeSubtitles = """
        1
        00:00:00,500 --> 00:00:01,800
        Hello

        2
        00:00:02,000 --> 00:00:03,000
        Goodbye

        """
}
