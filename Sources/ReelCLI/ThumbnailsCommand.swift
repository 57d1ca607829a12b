import ArgumentParser
import Foundation
import ReelIsolation
import ReelPreview

/// `reel thumbnails <file> --count N --width W (--sprite out.jpg --vtt out.vtt | --dir out/)`:
/// thumbnails of a whole video as a sprite sheet with a WebVTT track, or as one image each.
struct ThumbnailsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Make seek-preview thumbnails of a video: a sprite sheet and a WebVTT track, or one image each.",
        discussion: """
            The video is cut into --count equal parts; each part's thumbnail is the keyframe at or \
            before its middle (--exact: the frame at its middle). With --sprite and --vtt the \
            thumbnails are tiled into one JPEG or PNG and described by a WebVTT thumbnail track \
            (sprite.jpg#xywh=x,y,w,h, addresses relative to the track), which players and \
            `ReelPreview`'s SpriteThumbnailProvider read. With --dir every thumbnail is its own \
            image (0001.jpg, …) and the folder gets thumbnails.vtt. Local files are decoded with \
            FFmpeg in parallel and cached; http(s) addresses go through a headless libmpv.
            """
    )

    @Argument(
        help: ArgumentHelp("A video file (or an http(s) address).", valueName: "file"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Option(help: "How many thumbnails.")
    var count = 100

    @Option(
        help: ArgumentHelp(
            "The width of each thumbnail in pixels; the height keeps the aspect ratio.", valueName: "pixels"))
    var width = 160

    @Option(help: ArgumentHelp("Write one sprite sheet here (.jpg or .png); needs --vtt.", valueName: "file"))
    var sprite: String?

    @Option(help: ArgumentHelp("Write the WebVTT thumbnail track for --sprite here.", valueName: "file"))
    var vtt: String?

    @Option(
        help: ArgumentHelp("Write one image per thumbnail and thumbnails.vtt into this folder.", valueName: "folder"))
    var dir: String?

    @Option(help: "Thumbnails per row of the sprite sheet.")
    var columns = 10

    @Option(help: ArgumentHelp("JPEG quality, 1–100.", valueName: "1-100"))
    var quality = 90

    @Flag(help: "Use the exact frame at each time instead of the keyframe before it (slower).")
    var exact = false

    @Flag(help: "Neither read nor write the thumbnail cache (~/.cache/reel/thumbnails).")
    var noCache = false

    @OptionGroup var decoding: DecodingOptions

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be between 1 and 10000.") }
        guard (16...1920).contains(width) else { throw ValidationError("--width must be between 16 and 1920 pixels.") }
        guard (1...1000).contains(columns) else { throw ValidationError("--columns must be between 1 and 1000.") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100.") }
        switch (sprite, vtt, dir) {
        case (.some, .some, nil), (nil, nil, .some): break
        case (.some, nil, _): throw ValidationError("--sprite needs --vtt for the track that describes it.")
        case (nil, .some, _): throw ValidationError("--vtt needs --sprite for the sheet it describes.")
        case (.some, .some, .some): throw ValidationError("Give either --sprite and --vtt, or --dir, not both.")
        default: throw ValidationError("Say where to write: --sprite out.jpg --vtt out.vtt, or --dir out/.")
        }
    }

    func run() async throws {
        Console.ignoreBrokenPipes()
        let started = ContinuousClock.now
        let source = try decoding.source(
            for: media.url, width: width, exact: exact, cache: noCache ? nil : ThumbnailSource.defaultCache)
        do {
            let summary = try await make(with: source.provider)
            await source.shutdown()
            let seconds = String(format: "%.2f", Self.seconds(ContinuousClock.now - started))
            Console.error("\(summary), in \(seconds) s.\n")
        } catch {
            await source.shutdown()
            throw DecodingOptions.fail(error)
        }
    }

    /// Makes the thumbnails, writes the files and returns a sentence saying what was written.
    private func make(with provider: any ThumbnailProvider) async throws -> String {
        guard let duration = try await provider.duration(), duration > 0 else {
            throw ThumbnailError(.unsupportedFormat, message: "\(media.displayName) has no known duration.")
        }
        let times = ThumbnailTimes.evenlySpaced(count: count, duration: duration)
        let thumbnails = try await ThumbnailsProgress.collect(provider.thumbnails(at: times), at: times)
        let cues = ThumbnailExport.cueRanges(count: count, duration: duration)
        let size = "\(count) thumbnails of \(thumbnails[0].width)×\(thumbnails[0].height)"
        if let sprite, let vtt {
            let spriteURL = Self.fileURL(sprite)
            let vttURL = Self.fileURL(vtt)
            let format = Bitmap.ImageFormat(pathExtension: spriteURL.pathExtension) == .png ? .png : jpeg
            try ThumbnailExport.writeSprite(
                thumbnails, cues: cues, sprite: spriteURL, vtt: vttURL, columns: columns, format: format)
            let layout = SpriteSheetLayout(
                count: count, tileWidth: thumbnails[0].width, tileHeight: thumbnails[0].height, columns: columns)
            return "Wrote \(size) to \(spriteURL.path) (\(layout.width)×\(layout.height)) and \(vttURL.path)"
        }
        let folder = Self.fileURL(dir ?? ".")
        try ThumbnailExport.writeDirectory(thumbnails, cues: cues, directory: folder, format: jpeg)
        return "Wrote \(size) and thumbnails.vtt to \(folder.path)"
    }

    private var jpeg: Bitmap.ImageFormat { .jpeg(quality: quality) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A path typed by the user, with `~` expanded, relative to the current directory.
    static func fileURL(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
    }
}
