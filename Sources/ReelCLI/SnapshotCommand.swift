import ArgumentParser
import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelSDL
import ReelSnapshot

/// `reel snapshot <file> --at T --out frame.png`: one frame as a PNG, rendered offscreen.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write the frame at a given time as a PNG, without a display.",
        discussion: """
            The frame is rendered by libmpv's software renderer (subtitles included) at the \
            video's own size, or at --width/--height (one of them keeps the aspect; both give \
            black bars if needed). --controls draws the player's controls over it. Exits with 0 \
            when the file was written and with 1 when the media cannot be opened, has no video, \
            ends before the time, or the PNG cannot be written.
            """
    )

    @Argument(
        help: ArgumentHelp("A file path or a URL such as https://host/clip.mp4.", valueName: "file|url"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Option(
        name: .customLong("at"),
        help: ArgumentHelp("The time of the frame: seconds (90, 12.5), m:ss or h:mm:ss.", valueName: "time"),
        transform: PlayCommand.parseTime)
    var time: TimeInterval

    @Option(name: .customLong("out"), help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var output: String

    @Option(help: ArgumentHelp("The picture's width in pixels (16…8192).", valueName: "pixels"))
    var width: Int?

    @Option(help: ArgumentHelp("The picture's height in pixels (16…8192).", valueName: "pixels"))
    var height: Int?

    @Flag(help: "Draw the player's controls (title, progress, time) over the frame.")
    var controls = false

    @Option(help: ArgumentHelp("How the picture fills the frame: fit, fill or stretch.", valueName: "gravity"))
    var gravity: VideoGravity = .fit

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(16...8_192).contains(value) {
                throw ValidationError("\(name) must be between 16 and 8192 pixels, not \(value).")
            }
        }
        guard output.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out must name a .png file, not \"\(output)\".")
        }
    }

    @MainActor func run() async throws {
        let destination = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        let source: SnapshotSource
        do {
            source = try await SnapshotSource.open(media.url, at: time)
        } catch {
            throw failure("\(media.displayName): \(error.message)")
        }
        let size = Self.pictureSize(video: source.videoSize, width: width, height: height)
        if gravity != .fit {
            do {
                try await source.setVideoFraming(VideoFraming(gravity: gravity))
            } catch {
                await source.close()
                throw failure("\(media.displayName): \(error.message)")
            }
        }
        var composer = SnapshotComposer()
        if controls {
            let container = Self.controls(for: source)
            composer.overlay = container
            // Subtitles move above the control bar, as in the window.
            container.layout(size: Size(width: Double(size.width), height: Double(size.height)), scale: 1)
            try? await source.setSubtitleMargin(container.subtitleClearance)
        }
        let frame: FrameBuffer
        do {
            frame = try composer.compose(width: size.width, height: size.height) { frame, rect throws(PlayerError) in
                try source.render(into: frame, rect: rect)
            }
        } catch {
            await source.close()
            throw failure("\(media.displayName): \(error.message)")
        }
        await source.close()
        do {
            try frame.writePNG(to: destination)
        } catch {
            throw failure(error.message)
        }
        Console.out("\(destination.path): \(size.width)×\(size.height), \(TimeLabel.format(time))\n")
    }

    /// The player's container, showing its controls for the item as it stands at the snapshot.
    @MainActor static func controls(for source: SnapshotSource) -> PlayerContainer {
        var state = PlayerFeature.State()
        state.playback = source.playback
        state.elapsedTime = source.time
        let store = Store(initialState: state, reducer: PlayerFeature())
        let container = PlayerContainer(store: store)
        container.perform(.player(.controls(.showRequested)))
        return container
    }

    /// The picture's size: the video's (or 1280×720 when unknown), scaled to the requested width
    /// or height with the aspect kept, or exactly both when both are given. Even numbers.
    static func pictureSize(video: (width: Int, height: Int)?, width: Int?, height: Int?) -> (width: Int, height: Int) {
        let natural: (width: Int, height: Int) =
            video.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? (1_280, 720)
        let aspect = Double(natural.width) / Double(natural.height)
        switch (width, height) {
        case (let width?, let height?): return (width, height)
        case (let width?, nil): return (width, max(2, Int((Double(width) / aspect).rounded())))
        case (nil, let height?): return (max(2, Int((Double(height) * aspect).rounded())), height)
        case (nil, nil): return natural
        }
    }

    /// Prints `message` and returns the exit code 1 to throw.
    private func failure(_ message: String) -> ExitCode {
        Console.error("reel: \(message)\n")
        return .failure
    }
}
