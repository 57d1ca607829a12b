import ArgumentParser
import Foundation
import ReelComposable
import ReelCore

/// `reel play <file|url>…`: plays items one after another to the end of the queue, printing
/// each state transition.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play files or URLs one after another, printing each state transition.",
        discussion: """
            Several files or URLs play as a queue: each item opens when the one before it ends, an \
            item that fails is reported and skipped. Exits with 0 at the end of the queue (or on q), \
            with 1 when the last item tried cannot be played or its address is refused, and with 130 \
            on Ctrl-C. With an X display (DISPLAY) it plays in a window with the player's controls \
            (q or closing the window quits); with no file it opens an empty window that plays what \
            is dropped on it. --headless, or no display, plays without one: then, \
            when standard input is a terminal, space toggles pause, ←/→ skip back/forward 5 \
            seconds, > or Enter opens the next item, < the previous one, and q quits.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "File paths (~ and relative paths allowed), URLs such as https://host/clip.mp4, folders (their media files), or local M3U/M3U8/PLS playlists.",
            valueName: "file|url"),
        transform: MediaArgument.init(parsing:))
    var media: [MediaArgument] = []

    @Option(
        name: .customLong("sub-file"),
        help: ArgumentHelp("A subtitle file to add to the first item played (may repeat).", valueName: "file"),
        transform: MediaArgument.init(parsing:))
    var subtitleFiles: [MediaArgument] = []

    @Flag(help: "Play the items in a shuffled order (the start item first).")
    var shuffle = false

    @Option(help: ArgumentHelp("What repeats: none, one (the item) or all (the queue).", valueName: "mode"))
    var loop: LoopOption = .none

    @Option(help: ArgumentHelp("The item to start with, from 0.", valueName: "index"))
    var startIndex = 0

    @Option(
        help: ArgumentHelp(
            "Where to start: seconds (90, 12.5), m:ss or h:mm:ss; with --end, where the clip starts.", valueName: "time"
        ),
        transform: Self.parseTime)
    var start: TimeInterval?

    @Option(
        help: ArgumentHelp(
            "Where to end: the item plays as a clip from --start (or 0) to here, its timeline the clip's.",
            valueName: "time"),
        transform: Self.parseTime)
    var end: TimeInterval?

    @OptionGroup var playback: PlaybackOptions

    @OptionGroup(title: "Audio output and subtitles") var outputs: OutputOptions

    func validate() throws {
        if media.isEmpty {
            // An empty window waits for a drop; without one there is nothing to do.
            guard WindowSession.isWanted(playback) else {
                throw ValidationError(
                    "Give at least one file or URL to play (with a display, reel play alone opens a window to drop one on)."
                )
            }
            guard start == nil, end == nil, subtitleFiles.isEmpty, startIndex == 0 else {
                throw ValidationError("--start, --end, --start-index and --sub-file need a file or URL to play.")
            }
            return
        }
        guard media.indices.contains(startIndex) else {
            throw ValidationError("--start-index must be between 0 and \(media.count - 1).")
        }
        if let end, end <= (start ?? 0) {
            throw ValidationError("--end must come after --start (or after 0 without it).")
        }
    }

    @MainActor func run() async throws {
        OutputOptions.quietPipeWireLog()
        var items: [MediaItem] = []
        var startItem = 0
        for (index, argument) in media.enumerated() {
            if index == startIndex { startItem = items.count }
            items += Self.expand(argument.url, policy: playback.urlPolicy)
        }
        guard !items.isEmpty || media.isEmpty else {
            Console.error("reel: nothing to play: every playlist or folder was empty or unreadable.\n")
            throw ExitCode.failure
        }
        let startIndex = max(0, min(startItem, items.count - 1))
        if items.indices.contains(startIndex) {
            if let end {
                // A clip: its timeline starts at --start, so the item starts at its beginning.
                items[startIndex].clip = ClipRange(start: start ?? 0, end: end)
            } else {
                items[startIndex].startPosition = start
            }
        }
        items = playback.settings.apply(to: items)
        if items.indices.contains(startIndex) {
            items[startIndex].externalSubtitles += subtitleFiles.map { ExternalSubtitle(url: $0.url) }
        }
        var queue = SessionQueue(
            items: items, startIndex: startIndex, shuffle: shuffle, repeatMode: loop.repeatMode,
            gravity: playback.gravity)
        try await outputs.checkAudioDevice(configuration: playback.engineConfiguration)
        (queue.audioDevice, queue.subtitleStyle, queue.secondarySubtitle) =
            (outputs.audioDevice, outputs.subtitleStyle, outputs.secondarySubtitle)
        let exitCode = await WindowSession.play(queue, options: playback)
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The items of one argument: a folder gives its media files (``MediaFolder``, in name
    /// order); a local M3U/M3U8/PLS playlist gives its entries (each checked against the scheme
    /// allowlist, relative ones resolved against the playlist's folder; a missing or refused
    /// entry is reported on standard error and skipped); an HLS `.m3u8` and anything else is one
    /// item.
    static func expand(_ url: URL, policy: URLPolicy = .standard) -> [MediaItem] {
        if MediaFolder.isFolder(url) {
            do {
                return try MediaFolder.items(in: url, policy: policy)
            } catch {
                Console.error("reel: \(error.message)\n")
                return []
            }
        }
        guard url.isFileURL, PlaylistFile.format(of: url) != nil || Self.looksLikePlaylist(url) else {
            return [MediaItem(url: url)]
        }
        let playlist: PlaylistFile
        do {
            playlist = try PlaylistFile.read(contentsOf: url, policy: policy)
        } catch {
            Console.error("reel: \(url.lastPathComponent): \(error.message)\n")
            return []
        }
        if playlist.isStream { return [MediaItem(url: url)] }
        for problem in playlist.problems {
            Console.error("reel: \(url.lastPathComponent): \(problem), skipped\n")
        }
        return playlist.entries.map(\.item)
    }

    /// Whether a local file without a playlist extension starts like one (`#EXTM3U`, `[playlist]`).
    private static func looksLikePlaylist(_ url: URL) -> Bool {
        // Regular files only: opening a named pipe would block until someone writes to it.
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        guard type == .typeRegular, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 16) else { return false }
        let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = text.lowercased().replacingOccurrences(of: "\u{FEFF}", with: "")
        return lowered.hasPrefix("#extm3u") || lowered.hasPrefix("[playlist]")
    }

    /// `--loop`'s values, named as mpv names them.
    enum LoopOption: String, ExpressibleByArgument, CaseIterable {
        /// Nothing repeats.
        case none
        /// The item repeats.
        case one
        /// The queue repeats.
        case all

        /// The player's repeat mode.
        var repeatMode: RepeatMode {
            switch self {
            case .none: .off
            case .one: .one
            case .all: .all
            }
        }
    }

    /// Parses `--start`.
    static func parseTime(_ text: String) throws(ValidationError) -> TimeInterval {
        guard let seconds = TimeLabel.seconds(from: text) else {
            throw ValidationError("\"\(text)\" is not a time: use seconds (90, 12.5), m:ss or h:mm:ss.")
        }
        return seconds
    }
}
