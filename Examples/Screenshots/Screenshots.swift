import Foundation
import Reel

/// `make screenshots`: the pictures of the window in docs/images (README.md, docs/reel.md), each
/// taken from real playback in a real window (under Xvfb when there is no display), one picture
/// per run:
///
///     ReelScreenshots controls|menu|playlist|pip|stats|nowplaying|feed|idle OUT.png CLIP
///
/// `controls` is the window playing with its controls shown; `menu` adds the settings menu,
/// `playlist` the playlist panel of a queue of three; `pip` is the picture-in-picture window;
/// `stats` the playback statistics (`i`, `StatisticsOverlay`); `nowplaying` the clip's sound alone
/// with artwork (made with ffmpeg beside the output); `feed` the vertical feed (`FeedPlayerPool`)
/// after one swipe; `idle` the window with nothing loaded, waiting for a drop (`reel play` alone).
@main
@MainActor
struct Screenshots {
    enum Shot: String, CaseIterable {
        case controls, menu, playlist, pip, stats, nowplaying, feed, idle
    }

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 3, let shot = Shot(rawValue: arguments[0]) else {
            fail("usage: ReelScreenshots \(Shot.allCases.map(\.rawValue).joined(separator: "|")) OUT.png CLIP")
        }
        let output = URL(fileURLWithPath: arguments[1])
        let clip = URL(fileURLWithPath: arguments[2])
        do {
            let frame: FrameBuffer
            switch shot {
            case .feed: frame = try await feed(clip)
            case .nowplaying: frame = try await nowPlaying(clip, beside: output)
            default: frame = try await window(shot, clip)
            }
            try frame.writePNG(to: output)
            print("Wrote \(output.path) (\(frame.width)×\(frame.height)).")
        } catch {
            fail("ReelScreenshots \(shot.rawValue): \(error)")
        }
    }

    /// One window on one player: the controls, a menu, the playlist panel, picture in picture or
    /// the statistics, 2.5 s into the clip; or nothing loaded.
    static func window(_ shot: Shot, _ clip: URL) async throws -> FrameBuffer {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player, options: .init(title: "Reel", size: Size(width: 960, height: 540), seekPreviews: false))
        window.container?.controls.displayStyle = .always
        let running = Task { await window.run() }
        if shot != .idle { try await play(shot, clip, on: player) }
        switch shot {
        case .menu: window.container?.perform(.openMenu(.speed))
        case .playlist: window.container?.perform(.openMenu(.queue))
        case .pip: try player.startPictureInPicture()
        case .stats:
            let statistics = window.container?.overlays.lazy.compactMap { $0 as? StatisticsOverlay }.first
            try statistics.orThrow("the window has no statistics overlay").isShown = true
        case .controls, .nowplaying, .feed, .idle: break
        }
        // An idle window draws once and then rests: nothing changes.
        try await settle(window, pictures: shot == .idle ? 1 : 15)
        let frame = try window.captureFrame().orThrow("the window could not be captured")
        window.close()
        await running.value
        await player.shutdown()
        return frame
    }

    /// Plays the clip (a queue of three for `playlist`) until 2.5 s, without subtitles but in
    /// picture in picture.
    static func play(_ shot: Shot, _ clip: URL, on player: Player) async throws {
        if shot == .playlist {
            try player.setQueue(
                ["The demo clip", "Second episode", "Third episode"].map { MediaItem(url: clip, title: $0) })
        } else {
            try player.load(MediaItem(url: clip, title: "The demo clip"))
        }
        try await until("2.5 s played") { player.playback.position() >= 2.5 }
        // The demo's subtitles would cover the controls this picture is about.
        if shot != .pip { try player.select(subtitle: nil) }
    }

    /// An audio-only item with artwork, artist, album and a summary: the clip's sound and a
    /// Mandelbrot picture, both made with ffmpeg next to `output` (and removed after).
    static func nowPlaying(_ clip: URL, beside output: URL) async throws -> FrameBuffer {
        let folder = output.deletingLastPathComponent()
        let sound = folder.appendingPathComponent("nowplaying-sound.mka")
        let artwork = folder.appendingPathComponent("nowplaying-artwork.png")
        defer {
            try? FileManager.default.removeItem(at: sound)
            try? FileManager.default.removeItem(at: artwork)
        }
        try ffmpeg(["-i", clip.path, "-vn", "-sn", "-c:a", "copy", sound.path])
        try ffmpeg(["-f", "lavfi", "-i", "mandelbrot=size=512x512:end_pts=1", "-frames:v", "1", artwork.path])
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player, options: .init(title: "Reel", size: Size(width: 960, height: 540), seekPreviews: false))
        let running = Task { await window.run() }
        try player.load(
            MediaItem(
                url: sound, title: "Test Signals", artworkURL: artwork, artist: "The Demo Band",
                album: "Generated Here", summary: "Two sine tones, made with ffmpeg for Reel's pictures."))
        try await until("2.5 s played") { player.playback.position() >= 2.5 }
        window.container?.perform(.player(.controls(.hideRequested)))
        try await settle(window)
        let frame = try window.captureFrame().orThrow("the window could not be captured")
        window.close()
        await running.value
        await player.shutdown()
        return frame
    }

    /// Runs ffmpeg quietly with `arguments`, overwriting its output.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ScreenshotError("ffmpeg \(arguments) failed") }
    }

    /// The feed in a portrait window: three players for three items, one swipe down.
    static func feed(_ clip: URL) async throws -> FrameBuffer {
        let items = ["First", "Second", "Third"].map { MediaItem(url: clip, title: $0) }
        let pool = try FeedPlayerPool(items: items) { () throws(PlayerError) in
            var configuration = MPVConfiguration.headless
            configuration.video = .renderAPI
            return try MPVEngine(configuration: configuration)
        }
        let window = try PlayerWindow(
            player: pool.players[0],
            options: .init(title: "Feed", size: Size(width: 405, height: 720), seekPreviews: false))
        for player in pool.players { _ = try window.prepare(player) }
        let running = Task { await window.run() }
        try pool.show(index: 0)
        try window.show(try pool.visiblePlayer.orThrow("no visible player"))
        try pool.show(index: 1)
        let player = try pool.visiblePlayer.orThrow("no visible player")
        try window.show(player)
        window.container?.controls.displayStyle = .always
        try await until("the second item playing 1.5 s") { player.playback.position() >= 1.5 }
        try player.select(subtitle: nil)
        try await settle(window)
        let frame = try window.captureFrame().orThrow("the window could not be captured")
        window.close()
        await running.value
        await pool.shutdown()
        return frame
    }

    /// Waits until `condition` holds, looking every 50 ms, for at most 30 s.
    static func until(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw ScreenshotError("timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Lets the window present 15 more pictures (half a second of video), so that a panel or a
    /// window that just opened has finished sliding or fading in.
    static func settle(_ window: PlayerWindow, pictures: Int = 15) async throws {
        let target = window.statistics.presentedFrames + pictures
        try await until("\(pictures) pictures presented") { window.statistics.presentedFrames >= target }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}

/// Why a picture could not be taken.
struct ScreenshotError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Optional {
    /// The value, or a ``ScreenshotError`` saying what is missing.
    func orThrow(_ missing: String) throws -> Wrapped {
        guard let self else { throw ScreenshotError(missing) }
        return self
    }
}
