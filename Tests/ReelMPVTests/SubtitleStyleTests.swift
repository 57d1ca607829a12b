import Foundation
import ReelComposable
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// Subtitle styles and secondary subtitles on real libmpv, with subtitle files the test writes.
@MainActor
@Suite("Subtitle style and secondary subtitles", .serialized)
struct SubtitleStyleTests {
    /// A folder with a 4 s grey clip (no yellow in it) and two SubRip files whose one cue lasts
    /// the whole clip; removed by `remove()`.
    struct Media {
        let folder: URL
        var clip: URL { folder.appendingPathComponent("grey.mkv") }
        var first: URL { folder.appendingPathComponent("grey.en.srt") }
        var second: URL { folder.appendingPathComponent("grey.de.srt") }

        static func make() async throws -> Media {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-subs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let media = Media(folder: folder)
            let made = try await Command.run([
                "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "color=c=0x808080:s=320x240:d=4:r=10", "-c:v", "libx264", "-pix_fmt", "yuv420p", media.clip.path,
            ])
            try #require(made.status == 0, "ffmpeg failed")
            try "1\n00:00:00,000 --> 00:00:10,000\nMAIN LINE\n".write(
                to: media.first, atomically: true, encoding: .utf8)
            try "1\n00:00:00,000 --> 00:00:10,000\nTOP LINE\n".write(
                to: media.second, atomically: true, encoding: .utf8)
            try "[Script Info]\n".write(
                to: folder.appendingPathComponent("other.ass"), atomically: true, encoding: .utf8)
            try "not subtitles".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            return media
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func theStyleReachesLibmpvAndThePositionKeepsClearOfTheControls() async throws {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        let style = SubtitleStyle(
            font: "DejaVu Serif", fontSize: 72, color: .yellow, outlineColor: Color(hex: "#102030")!,
            outlineSize: 1.5, backgroundColor: SubtitleStyle.presetBackground, shadowOffset: 2, position: 80,
            overridesStyledSubtitles: true)
        try player.setSubtitleStyle(style)
        await engine.commandsCompleted()
        #expect(engine.propertyText("sub-font") == "DejaVu Serif")
        #expect(engine.propertyText("sub-font-size").flatMap(Double.init) == 72)
        #expect(engine.propertyText("sub-color") == "#FFFFFF00")
        #expect(engine.propertyText("sub-border-color") == "#FF102030")
        #expect(engine.propertyText("sub-border-size").flatMap(Double.init) == 1.5)
        #expect(engine.propertyText("sub-back-color") == "#BF000000")
        #expect(engine.propertyText("sub-shadow-offset").flatMap(Double.init) == 2)
        #expect(engine.propertyText("sub-ass-override") == "force")
        #expect(engine.propertyText("sub-pos").flatMap(Double.init) == 80)
        #expect(player.subtitleStyle == style)
        // The controls' margin raises the subtitles further, and gives the style's place back.
        try player.perform(.outputs(.subtitleMarginChanged(0.3)))
        await engine.commandsCompleted()
        #expect(engine.propertyText("sub-pos").flatMap(Double.init) == 70)
        try player.perform(.outputs(.subtitleMarginChanged(0.1)))
        await engine.commandsCompleted()
        #expect(engine.propertyText("sub-pos").flatMap(Double.init) == 80)
        // Out of range: refused before anything reaches libmpv.
        var tooBig = style
        tooBig.fontSize = 0
        #expect(throws: PlayerError.self) { try player.setSubtitleStyle(tooBig) }
        try player.setSubtitleStyle(.standard)
        await engine.commandsCompleted()
        #expect(engine.propertyText("sub-ass-override") == "yes")
        #expect(engine.propertyText("sub-back-color") == "#00000000")
        await player.shutdown()
    }

    @Test func aSecondaryTrackIsSelectedAndShownAtTheTopInTheStyle() async throws {
        let media = try await Media.make()
        defer { media.remove() }
        let engine = try MPVEngine(configuration: .headless)
        let renderer = try engine.makeVideoRenderer(.software)
        defer { renderer.free() }
        let player = Player(engine: engine)
        var item = MediaItem(url: media.clip)
        item.externalSubtitles = [ExternalSubtitle(url: media.first), ExternalSubtitle(url: media.second)]
        try player.load(item, autoplay: false)
        try await player.until("two subtitle tracks", timeout: .seconds(30)) { $0.subtitleTracks.count == 2 }
        let tracks = player.subtitleTracks
        try player.select(subtitle: tracks[0])
        #expect(throws: PlayerError.self) { try player.select(secondarySubtitle: tracks[0]) }
        try player.setSubtitleStyle(SubtitleStyle(fontSize: 90, color: .yellow, outlineSize: 0))
        try player.select(secondarySubtitle: tracks[1])
        try await player.until("the secondary track", timeout: .seconds(10)) {
            $0.secondarySubtitleTrack?.id == tracks[1].id && $0.subtitleTrack?.id == tracks[0].id
        }
        await engine.commandsCompleted()
        #expect(engine.propertyText("secondary-sid") == String(tracks[1].id))
        #expect(engine.propertyText("sid") == String(tracks[0].id))

        // Yellow text at the bottom (main) and at the top (secondary); none with the secondary off.
        let both = try await picture(renderer) { $0.top > 50 && $0.bottom > 50 }
        #expect(both.top > 50 && both.bottom > 50, "yellow pixels \(both)")
        try player.select(secondarySubtitle: nil)
        let mainOnly = try await picture(renderer) { $0.top == 0 && $0.bottom > 50 }
        #expect(mainOnly.top == 0 && mainOnly.bottom > 50, "yellow pixels \(mainOnly)")
        // The picture may change before libmpv's track list says so.
        try await player.until("no secondary track", timeout: .seconds(10)) { $0.secondarySubtitleTrack == nil }
        await player.shutdown()
    }

    /// Renders frames until `expected` holds for the yellow pixels in the top and bottom thirds
    /// (or 10 s pass), and returns the last count.
    private func picture(
        _ renderer: VideoRenderer, until expected: ((top: Int, bottom: Int)) -> Bool
    ) async throws -> (top: Int, bottom: Int) {
        let width = 320
        let height = 240
        let stride = VideoRenderer.preferredStride(width: width)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        defer { pixels.deallocate() }
        let deadline = ContinuousClock.now + .seconds(10)
        var counts = (top: 0, bottom: 0)
        while true {
            _ = renderer.update()
            try renderer.renderSoftware(into: pixels, width: width, height: height, stride: stride)
            counts = (0, 0)
            for y in 0..<height where y < height / 3 || y >= height * 2 / 3 {
                for x in 0..<width {
                    // bgr0: yellow is blue low, green and red high.
                    let pixel = pixels.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
                    guard pixel[0] < 90, pixel[1] > 180, pixel[2] > 180 else { continue }
                    if y < height / 3 { counts.top += 1 } else { counts.bottom += 1 }
                }
            }
            if expected(counts) || ContinuousClock.now >= deadline { return counts }
            try await redrawn(renderer)
        }
    }

    /// Waits until libmpv asks for a redraw, or 1 s.
    private func redrawn(_ renderer: VideoRenderer) async throws {
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        renderer.setUpdateHandler { signal.yield() }
        let bound = Task {
            try? await Task.sleep(for: .seconds(1))
            signal.finish()
        }
        defer { bound.cancel() }
        for await _ in signals where renderer.update() { return }
    }

    @Test func subtitleFilesNextToTheMediaAreListedTheirOwnFirst() async throws {
        let media = try await Media.make()
        defer { media.remove() }
        let names = ExternalSubtitle.files(nextTo: media.clip).map(\.lastPathComponent)
        #expect(names == ["grey.de.srt", "grey.en.srt", "other.ass"])
        #expect(ExternalSubtitle.files(nextTo: URL(string: "https://example.com/clip.mp4")!).isEmpty)
    }
}
