import Foundation

/// The recipes of the bad-input corpus (``Fixture/corpus``) — each is ffmpeg's output, cut,
/// damaged or relabelled, or bytes written directly, and takes well under a second to make — and
/// of the HLS stream.
extension FixtureMaker {
    func makeCorpusFile(_ fixture: Fixture, at partial: URL, scratch: ScratchFiles) async throws(MediaFixtureError) {
        switch fixture {
        case .cutAt10Percent, .cutAt50Percent, .cutAt90Percent:
            let fraction = fixture == .cutAt10Percent ? 0.1 : fixture == .cutAt50Percent ? 0.5 : 0.9
            try await runFFmpeg(for: fixture, Self.clip(seconds: 4, gop: 15) + Self.faststartMP4 + [partial.path])
            try truncate(partial, toFraction: fraction)
        case .byteFlipped:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 4, gop: 15) + Self.faststartMP4 + [partial.path])
            var data = try read(partial)
            let media = MP4Box.topLevel(in: data).first { $0.type == "mdat" }
            let start = (media?.offset ?? data.count / 4) + 16
            var generator = SeededGenerator(seed: 6)
            for _ in 0..<64 {
                data[Int.random(in: start..<data.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            try write(data, to: partial)
        case .headerOnly:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 4, gop: 15) + Self.faststartMP4 + [partial.path])
            let data = try read(partial)
            guard let media = MP4Box.topLevel(in: data).first(where: { $0.type == "mdat" }) else {
                throw .fileSystem(path: partial.path, reason: "ffmpeg wrote no mdat box")
            }
            try write(data.prefix(media.offset), to: partial)
        case .matroskaNamedMP4:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 2, gop: 15) + ["-f", "matroska", partial.path])
        case .hugeDimensions:
            var data = Data("YUV4MPEG2 W30000 H30000 F30:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)
            data.append(Data(count: 4096))
            try write(data, to: partial)
        case .videoOnly:
            try await runFFmpeg(
                for: fixture, Self.video(seconds: 2) + Self.h264(gop: 15) + Self.faststartMP4 + [partial.path])
        case .subtitleOnlyASS:
            try write(Data(Self.assSubtitles.utf8), to: partial)
        case .tenthOfASecond:
            let arguments =
                ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=0.1"]
                + ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=0.1"]
                + Self.h264(gop: 15) + Self.aac + Self.faststartMP4 + [partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .tenHours:
            // One frame a minute: 600 tiny frames for 36000 s. Audio for ten hours would take
            // minutes to encode, so the file is silent by having no sound at all.
            let arguments =
                ["-f", "lavfi", "-i", "color=black:size=64x64:rate=1/60", "-t", "36000"]
                + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "matroska", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .variableFrameRate:
            let arguments =
                Self.video(seconds: 2) + ["-vf", "select='not(mod(n\\,3))+eq(mod(n\\,7)\\,1)'", "-fps_mode", "vfr"]
                + Self.h264(gop: 15) + ["-f", "matroska", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .rotated:
            // FFmpeg 5.1 writes the display matrix only when it copies the stream.
            let plain = scratch.url("plain.mp4")
            try await runFFmpeg(for: fixture, Self.video(seconds: 2) + Self.h264(gop: 15) + ["-f", "mp4", plain.path])
            let arguments = ["-i", plain.path, "-c", "copy", "-metadata:s:v:0", "rotate=90", "-f", "mp4", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .size1x1, .size3x5, .size641x479:
            let size = fixture == .size1x1 ? "1:1" : fixture == .size3x5 ? "3:5" : "641:479"
            // testsrc2 cannot make a 1x1 picture itself; square pixels (scale would keep the square
            // picture's shape through the pixel aspect ratio); 4:4:4 because 4:2:0 needs even sizes.
            let arguments =
                ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=30:duration=1", "-vf", "scale=\(size),setsar=1"]
                + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", "-f", "matroska", partial.path]
            try await runFFmpeg(for: fixture, arguments)
        case .unknownVideoCodec:
            try await runFFmpeg(for: fixture, Self.clip(seconds: 2, gop: 15) + Self.faststartMP4 + [partial.path])
            var data = try read(partial)
            guard let index = Self.sampleEntry("avc1", in: data) else {
                throw .fileSystem(path: partial.path, reason: "ffmpeg wrote no avc1 sample entry")
            }
            data.replaceSubrange(index..<index + 4, with: Data("qqqq".utf8))
            try write(data, to: partial)
        case .hlsStream:
            try createFolder(partial)
            let arguments =
                Self.clip(seconds: 6, gop: 15)
                + ["-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod"]
                + ["-hls_segment_filename", partial.appendingPathComponent("segment%d.ts").path]
                + [partial.appendingPathComponent("index.m3u8").path]
            try await runFFmpeg(for: fixture, arguments)
        case .liveHLSSegments:
            try createFolder(partial)
            let arguments =
                Self.clip(seconds: Fixture.liveHLSSegmentCount, gop: 15)
                + ["-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod"]
                + ["-hls_segment_filename", partial.appendingPathComponent("segment%d.ts").path]
                + [partial.appendingPathComponent("all.m3u8").path]
            try await runFFmpeg(for: fixture, arguments)
        case .hlsVariants:
            try createFolder(partial)
            try await runFFmpeg(for: fixture, Self.variants(in: partial))
        default:
            try await makeProbeFile(fixture, at: partial, scratch: scratch)
        }
    }

    /// Three renditions of one 6 s picture and tone, written by ffmpeg's HLS muxer with a master
    /// playlist (`-var_stream_map`).
    private static func variants(in folder: URL) -> [String] {
        let heights = Fixture.hlsVariantHeights
        let scaled = heights.enumerated().map { "[v\($0.offset)]scale=-2:\($0.element)[o\($0.offset)]" }
        let split = "[0:v]split=\(heights.count)" + heights.indices.map { "[v\($0)]" }.joined()
        var arguments =
            video(seconds: 6, size: "640x360") + tone(hertz: 440, seconds: 6)
            + ["-filter_complex", ([split] + scaled).joined(separator: ";")]
        for index in heights.indices { arguments += ["-map", "[o\(index)]"] }
        for _ in heights { arguments += ["-map", "1:a"] }
        arguments += h264(gop: 15) + aac
        for (index, height) in heights.enumerated() { arguments += ["-b:v:\(index)", "\(height * 2)k"] }
        let map = heights.indices.map { "v:\($0),a:\($0),name:\(heights[$0])p" }.joined(separator: " ")
        return arguments + [
            "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8",
            "-var_stream_map", map, "-hls_segment_filename", folder.appendingPathComponent("%v/segment%d.ts").path,
            folder.appendingPathComponent("%v/index.m3u8").path,
        ]
    }

    func createFolder(_ url: URL) throws(MediaFixtureError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    func read(_ url: URL) throws(MediaFixtureError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    private static let assSubtitles = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 240

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, \
        Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, \
        MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,\
        10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.20,0:00:00.90,Default,,0,0,0,,First cue
        Dialogue: 0,0:00:01.00,0:00:01.80,Default,,0,0,0,,Second cue

        """
}
