import ArgumentParser
import Foundation
import ReelCore
import ReelMPV
import ReelPlayer

/// The player's settings a playing subcommand starts with, named as mpv names them: speed,
/// volume, mute, fullscreen, track languages and buffering.
struct PlayerSettingsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Playback speed, 0.01 to 100 (1 is normal).", valueName: "rate"))
    var speed: Double?

    @Option(help: ArgumentHelp("Volume in percent, 0 to 130 (100 is unchanged).", valueName: "percent"))
    var volume: Double?

    @Flag(help: "Start muted.")
    var mute = false

    @Flag(help: "Start fullscreen (in a window; ignored headless).")
    var fullscreen = false

    @Option(
        name: .customLong("audio-lang"),
        help: ArgumentHelp("Audio languages to choose, most wanted first (ja,en).", valueName: "codes"),
        transform: LanguageList.parse)
    var audioLanguages: [String] = []

    @Option(
        name: .customLong("sub-lang"),
        help: ArgumentHelp("Subtitle languages to choose, most wanted first (en,de).", valueName: "codes"),
        transform: LanguageList.parse)
    var subtitleLanguages: [String] = []

    @Option(
        name: .customLong("cache-secs"),
        help: ArgumentHelp(
            "Seconds to read ahead of the position (default: as much as the cache holds).", valueName: "seconds"))
    var forwardBufferDuration: Double?

    @Option(
        name: .customLong("cache-pause-wait"),
        help: ArgumentHelp("Seconds to buffer before playback resumes after waiting (default 1).", valueName: "seconds")
    )
    var resumeAfter: Double?

    @Flag(name: .customLong("cache-pause-initial"), help: "Wait for the buffer before playback starts, too.")
    var waitsBeforeStarting = false

    @Flag(name: .customLong("no-cache-pause"), help: "Never wait for the buffer: play whatever arrives.")
    var neverWaits = false

    @Option(
        name: .customLong("network-timeout"),
        help: ArgumentHelp("Seconds without network data before a stream fails (default 20).", valueName: "seconds"))
    var networkTimeout: Double?

    @Flag(help: "Reopen an HTTP stream whose connection drops, where it stopped, instead of failing.")
    var reconnect = false

    func validate() throws {
        if let speed, !(speed.isFinite && (0.01...100).contains(speed)) {
            throw ValidationError("--speed must be between 0.01 and 100.")
        }
        if let volume, !(volume.isFinite && (0...130).contains(volume)) {
            throw ValidationError("--volume must be between 0 and 130 (percent).")
        }
        do {
            try LanguageList.check(audioLanguages + subtitleLanguages)
            try buffering.check()
        } catch {
            throw ValidationError(error.message)
        }
        if waitsBeforeStarting, neverWaits {
            throw ValidationError("--cache-pause-initial and --no-cache-pause contradict each other.")
        }
    }

    /// The buffering policy these flags ask for (libmpv's defaults for what they leave out).
    var buffering: BufferingPolicy {
        var policy = BufferingPolicy.standard
        if waitsBeforeStarting { policy.waiting = .toMinimizeStalls }
        if neverWaits { policy.waiting = .never }
        if let resumeAfter { policy.resumeAfter = resumeAfter }
        policy.forwardBufferDuration = forwardBufferDuration
        if let networkTimeout { policy.networkTimeout = networkTimeout }
        policy.reconnectsHTTP = reconnect
        return policy
    }

    /// `items` with the track languages asked for.
    func apply(to items: [MediaItem]) -> [MediaItem] {
        items.map { item in
            var item = item
            if !audioLanguages.isEmpty { item.preferredAudioLanguages = audioLanguages }
            if !subtitleLanguages.isEmpty { item.preferredSubtitleLanguages = subtitleLanguages }
            return item
        }
    }

    /// Gives `player` the speed, volume and mute asked for.
    @MainActor func apply(to player: Player) throws(PlayerError) {
        if let speed { try player.setRate(speed) }
        if let volume { try player.setVolume(volume / 100) }
        if mute { try player.setMuted(true) }
    }
}
