import ArgumentParser
import Foundation
import ReelComposable
import ReelIsolation
import ReelPreview
import ReelProbe

/// `reel contact-sheet <file> --out sheet.png`: one picture of a whole video, a grid of
/// thumbnails with their time stamps.
struct ContactSheetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact-sheet",
        abstract: "Make one picture of a whole video: a grid of thumbnails with their time stamps.",
        discussion: """
            The video (less --skip-start and --skip-end seconds) is cut into --columns × --rows \
            equal parts, and each tile shows a different moment near the middle of its part: the \
            keyframe at or before it, or, when an earlier tile already shows that keyframe, the \
            frame on screen at the middle (--exact: always that frame). Each tile is stamped with \
            the time its picture really shows, and a header names the file, its size, duration, \
            bit rate, picture and codecs. The format follows --out's extension: .png or .jpg.
            """
    )

    @Argument(
        help: ArgumentHelp("A video file (or an http(s) address).", valueName: "file"),
        transform: MediaArgument.init(parsing:))
    var media: MediaArgument

    @Option(help: ArgumentHelp("Where to write the sheet (.png or .jpg).", valueName: "file"))
    var out: String

    @Option(help: "Tiles per row.")
    var columns = 4

    @Option(help: "Rows of tiles.")
    var rows = 5

    @Option(help: ArgumentHelp("The width of each tile in pixels.", valueName: "pixels"))
    var width = 320

    @Flag(help: "Use the exact frame at each time instead of the keyframe before it (slower).")
    var exact = false

    @Flag(inversion: .prefixedNo, help: "Draw the header: name, size, duration, bit rate, picture and codecs.")
    var header = true

    @Flag(inversion: .prefixedNo, help: "Stamp each tile with the time it shows.")
    var timestamps = true

    @Option(help: ArgumentHelp("Leave out the first seconds of the video.", valueName: "seconds"))
    var skipStart: Double = 0

    @Option(help: ArgumentHelp("Leave out the last seconds of the video.", valueName: "seconds"))
    var skipEnd: Double = 0

    @OptionGroup var decoding: DecodingOptions

    func validate() throws {
        guard (1...50).contains(columns), (1...100).contains(rows) else {
            throw ValidationError("--columns must be between 1 and 50 and --rows between 1 and 100.")
        }
        guard (32...1920).contains(width) else { throw ValidationError("--width must be between 32 and 1920 pixels.") }
        guard skipStart.isFinite, skipStart >= 0, skipEnd.isFinite, skipEnd >= 0 else {
            throw ValidationError("--skip-start and --skip-end must be seconds, 0 or more.")
        }
        guard Bitmap.ImageFormat(pathExtension: URL(fileURLWithPath: out).pathExtension) != nil else {
            throw ValidationError("--out must end in .png, .jpg or .jpeg.")
        }
    }

    func run() async throws {
        Console.ignoreBrokenPipes()
        let source = try decoding.source(for: media.url, width: width, exact: exact, cache: nil)
        // The header's facts, read beside the thumbnails (a worker of its own when isolated).
        let probe = MediaProbe(timeout: .milliseconds(Int(min(decoding.timeout, 30) * 1000)), opensDecoders: false)
        let url = media.url
        let isolation = decoding.isolates(url) ? decoding.isolation : nil
        let probing: Task<ProbedMedia?, Never>? =
            header
            ? Task {
                if let isolation { return try? await probe.probe(url, isolation: isolation) }
                return try? await probe.probe(url)
            } : nil
        do {
            let file = try await make(with: source.provider, probing: probing)
            await source.shutdown()
            Console.error("Wrote \(file.path).\n")
        } catch {
            // The probe's worker (if any) is killed with it.
            probing?.cancel()
            await source.shutdown()
            throw DecodingOptions.fail(error)
        }
    }

    private func make(with provider: any ThumbnailProvider, probing: Task<ProbedMedia?, Never>?) async throws -> URL {
        guard let duration = try await provider.duration(), duration > 0 else {
            throw ThumbnailError(.unsupportedFormat, message: "\(media.displayName) has no known duration.")
        }
        let times = ThumbnailTimes.evenlySpaced(
            count: columns * rows, duration: duration, skipStart: skipStart, skipEnd: skipEnd)
        let tiles = try await ThumbnailsProgress.collect(provider.distinctThumbnails(at: times), at: times)
        let first = tiles[0]
        var layout = ContactSheetLayout(
            columns: columns, rows: rows, tileWidth: first.width, tileHeight: first.height)
        var headerPicture: Bitmap?
        if let probing {
            let probed = await probing.value
            let size =
                media.url.isFileURL
                ? (try? FileManager.default.attributesOfItem(atPath: media.url.path)[.size] as? NSNumber)?.int64Value
                : nil
            let lines = ContactSheetHeader(name: media.displayName, fileSize: size, media: probed, duration: duration)
            layout.headerHeight = lines.height
            headerPicture = try await lines.render(width: layout.width, background: ContactSheetLayout.background)
        }
        let labels =
            timestamps ? TimeLabel.distinct(tiles.map(\.time), withHours: duration >= 3600) : []
        let file = URL(fileURLWithPath: (out as NSString).expandingTildeInPath).standardizedFileURL
        let format = Bitmap.ImageFormat(pathExtension: file.pathExtension) ?? .png
        let data = try layout.render(tiles, labels: labels, header: headerPicture).encoded(as: format)
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw ThumbnailError(.unknown, message: "\(file.path) could not be written.", detail: "\(error)")
        }
        return file
    }
}
