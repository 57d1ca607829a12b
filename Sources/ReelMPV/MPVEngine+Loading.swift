import Foundation
import ReelCore

extension MPVEngine {
    /// What `loadfile` opens for `item`: its address (``target(of:)``), or for a clipped item an
    /// EDL timeline of that one segment, so that libmpv itself presents the clip as the whole
    /// item — positions, duration, seeks, the cache's ranges and `loop-file` all count from the
    /// clip's start, and it ends at the clip's end.
    ///
    /// Not the `start`/`end` per-file options: with those libmpv reports the file's times, and
    /// `loop-file` goes back to the file's start, not the clip's (libmpv 0.35). The address was
    /// checked against the ``URLPolicy`` before; it is written length-prefixed (`%n%`), so no
    /// character in it is read as EDL syntax, and `edl` stays a forbidden scheme for addresses
    /// given to the engine. `!no_chapters` keeps libmpv from inventing a chapter named after the
    /// file (the file's own chapters are not carried into a clip); the file comes last, so that
    /// libmpv's `filename` (and the title without tags) is the file's name.
    static func loadTarget(for item: MediaItem) -> String {
        let target = target(of: item.url)
        guard let clip = item.clip else { return target }
        var segment = "start=\(seconds(clip.start))"
        if let length = clip.duration { segment += ",length=\(seconds(length))" }
        return "edl://!no_chapters;\(segment),file=%\(target.utf8.count)%\(target)"
    }

    /// The per-file options of `item`'s `loadfile`: where it starts (in the clip's time when it
    /// is clipped), its title, its tracks chosen afresh (by the languages it prefers), the variant
    /// an adaptive stream opens on, and what its kind of stream needs (``streamOptions(for:)``).
    static func perFileOptions(for item: MediaItem) -> [String: MPVNode] {
        var options = streamOptions(for: item.url)
        // Each item's tracks are chosen afresh: a track (or variant) chosen for the item before
        // is libmpv's option from then on, and would pick by number in this one. The secondary
        // subtitle stays a setting of the session (`reel play --secondary-sid`), as in mpv.
        for name in ["vid", "aid", "sid"] { options[name] = .string("auto") }
        if let start = item.startPosition { options["start"] = .string(String(format: "%.3f", start)) }
        if let title = item.title { options["force-media-title"] = .string(title) }
        if !item.preferredAudioLanguages.isEmpty {
            options["alang"] = .string(item.preferredAudioLanguages.joined(separator: ","))
        }
        if !item.preferredSubtitleLanguages.isEmpty {
            options["slang"] = .string(item.preferredSubtitleLanguages.joined(separator: ","))
        }
        if let peak = item.preferredPeakBitRate { options["hls-bitrate"] = .string(String(max(0, peak))) }
        return options
    }

    /// The properties that carry out `policy` at run time (``MPVOptions/buffering(_:)``).
    static func bufferingProperties(_ policy: BufferingPolicy) -> [Property] {
        MPVOptions.buffering(policy).map { Property(name: $0.0, value: .string($0.1)) }
    }

    /// A time for EDL and per-file options, to the microsecond.
    private static func seconds(_ value: TimeInterval) -> String { String(format: "%.6f", value) }
}
