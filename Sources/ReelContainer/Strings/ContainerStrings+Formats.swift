import Foundation
import ReelComposable
import ReelCore

/// Numbers, units and names as the container writes them in its language.
extension ContainerStrings {
    /// `value` with exactly `decimals` decimals and the language's decimal separator: "2.50",
    /// "2,50".
    public func number(_ value: Double, decimals: Int) -> String {
        localized(String(format: "%.\(max(0, decimals))f", value))
    }

    /// `value` with at most `maximumDecimals` decimals, trailing zeros dropped: "1.5", "2",
    /// "0.75" ("1,5" in German).
    public func number(_ value: Double, upTo maximumDecimals: Int) -> String {
        var text = String(format: "%.\(max(0, maximumDecimals))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return localized(text == "-0" ? "0" : text)
    }

    private func localized(_ number: String) -> String {
        let separator = self[.decimalSeparator]
        return separator == "." ? number : number.replacingOccurrences(of: ".", with: separator)
    }

    /// A speed with up to two decimals: "1.5×", "2×" ("1,5×").
    public func speed(_ speed: Double) -> String { text(.speed, number(speed, upTo: 2)) }

    /// A volume (0…1) as a whole percentage: "Volume 70%" ("Lautstärke 70 %").
    public func volume(_ level: Double) -> String { text(.volume, String(Int((level * 100).rounded()))) }

    /// A brightness (−100…100) as a whole number with its sign: "Brightness +20"
    /// ("Helligkeit +20").
    public func brightness(_ level: Double) -> String {
        let rounded = Int(level.rounded())
        return text(.brightness, rounded > 0 ? "+\(rounded)" : "\(rounded)")
    }

    /// Seconds with two decimals: "0.25 s".
    public func seconds(_ value: TimeInterval) -> String { text(.seconds, number(value, decimals: 2)) }

    /// Bits per second in kb/s below a megabit, else in Mb/s with `megabitDecimals` decimals.
    public func bitrate(_ bitsPerSecond: Double, megabitDecimals: Int = 2) -> String {
        bitsPerSecond >= 1_000_000
            ? text(.megabitsPerSecond, number(bitsPerSecond / 1_000_000, decimals: megabitDecimals))
            : text(.kilobitsPerSecond, number(bitsPerSecond / 1000, decimals: 0))
    }

    /// Bytes in kB below a megabyte, else in MB (powers of 1000).
    public func bytes(_ count: Int64) -> String {
        let amount = Double(count)
        return amount >= 1_000_000
            ? text(.megabytes, number(amount / 1_000_000, decimals: 2))
            : text(.kilobytes, number(amount / 1000, decimals: 1))
    }

    /// What the window says about `error`: the words of its code (``Key``'s `…Error` keys), with
    /// the HTTP status or the scheme where the code has one. The error's own
    /// ``/ReelCore/PlayerError/message`` (English, with details) stays for logs.
    public func description(of error: PlayerError) -> String {
        switch error.code {
        case .fileNotFound: self[.fileNotFoundError]
        case .unsupportedFormat: self[.unsupportedFormatError]
        case .nothingToPlay: self[.nothingToPlayError]
        case .networkUnreachable: self[.networkUnreachableError]
        case .httpStatus(let status): text(.httpStatusError, String(status))
        case .connectionLost(let position): text(.connectionLostError, seconds(position))
        case .decoderFailure: self[.decoderFailureError]
        case .refusedScheme(let scheme): scheme.isEmpty ? self[.missingSchemeError] : text(.refusedSchemeError, scheme)
        case .engineGone: self[.engineGoneError]
        case .invalidArgument: self[.invalidArgumentError]
        case .commandFailed: self[.commandFailedError]
        case .timedOut: self[.timedOutError]
        case .liveStreamStopped: self[.liveStreamStoppedError]
        case .unknown: self[.unknownError]
        }
    }

    /// A track's title and language, or "Track 3" in the language.
    /// A track that this machine cannot decode (``/ReelCore/Track/isPlayable`` false) says so.
    public func name(of track: Track) -> String {
        let name = track.displayName(
            untitled: text(.untitledTrack, String(track.id)), languageName: name(ofLanguageCode:))
        return track.isPlayable == false ? text(.unplayableTrack, name) : name
    }

    /// A track's language code (ISO 639: "ger", "deu", "de") as the language's name in this
    /// table's language ("German", "Deutsch"), from Foundation's locale data; the code itself
    /// when that has no name for it.
    public func name(ofLanguageCode code: String) -> String {
        guard let name = Locale(identifier: language.code).localizedString(forLanguageCode: code), !name.isEmpty else {
            return code
        }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A variant's height and bit rate ("720p · 2.5 Mb/s"), or "Variant 3" in the language.
    public func name(of variant: StreamVariant) -> String {
        variant.displayName(
            bitrate: { bitrate(Double($0), megabitDecimals: 1) }, untitled: text(.untitledVariant, String(variant.id)))
    }

    /// "Automatic" in the language for the system's default output, else the output's name.
    public func name(of device: AudioDevice) -> String {
        device.isAutomatic ? self[.automaticOutput] : device.displayName
    }

    /// Fit, Fill or Stretch in the language.
    public func name(of gravity: VideoGravity) -> String {
        switch gravity {
        case .fit: self[.fitGravity]
        case .fill: self[.fillGravity]
        case .stretch: self[.stretchGravity]
        }
    }

    /// The title of `menu`.
    public func title(of menu: PlayerMenu) -> String {
        switch menu {
        case .speed, .rates: self[.speedMenu]
        case .audio: self[.audioMenu]
        case .subtitles: self[.subtitlesMenu]
        case .queue: self[.playlistMenu]
        case .picture: self[.pictureMenu]
        case .quality: self[.qualityMenu]
        case .audioOutput: self[.audioOutputMenu]
        case .secondarySubtitles: self[.secondarySubtitlesMenu]
        case .subtitleStyle: self[.subtitleStyleMenu]
        case .subtitleFiles: self[.subtitleFilesMenu]
        case .chapters: self[.chaptersMenu]
        }
    }

    /// A player window's title for an item named `name` (its file name): "clip.mkv — Reel".
    public func windowTitle(for name: String) -> String { text(.windowTitle, name) }
}
