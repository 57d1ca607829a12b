import Foundation

/// An audio output a player can play on: a device of the sound server, or ``automatic`` (the
/// system's default, followed when it changes).
///
/// With libmpv the list is the engine's `audio-device-list` (devices come and go while it
/// plays) and ``name`` is mpv's: the audio output driver, a slash and the sound server's name
/// for the device (`"pulse/alsa_output.usb-headset"`), or `"auto"`.
public struct AudioDevice: Hashable, Sendable, Identifiable, Codable {
    /// The engine's name for the device (mpv's `--audio-device` value).
    public var name: String
    /// What the sound server calls it (`"Built-in Audio Analog Stereo"`).
    public var description: String

    /// The device's ``name``.
    public var id: String { name }

    /// Creates a device.
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }

    /// The name of the system's default output (mpv's `auto`).
    public static let automaticName = "auto"

    /// The system's default output: playback follows it when it changes.
    public static let automatic = AudioDevice(name: automaticName, description: "Automatic")

    /// Whether this is the system's default output, not one device.
    public var isAutomatic: Bool { name == Self.automaticName }

    /// A short name for a menu: "Automatic", or the sound server's description.
    public var displayName: String { isAutomatic ? "Automatic" : (description.isEmpty ? name : description) }
}

extension PlaybackInfo {
    /// The output that plays now, from ``audioDevices``: the chosen one (``audioDevice``), or
    /// ``AudioDevice/automatic`` when that is the choice. Nil while the engine has not listed its
    /// outputs.
    ///
    /// A chosen device that goes away is not chosen any more: the player falls back to the
    /// system's default (``AudioDevice/automatic``), where the sound server has already moved the
    /// stream, and ``audioDevice`` says so.
    public var currentAudioDevice: AudioDevice? {
        audioDevices.first { $0.name == audioDevice }
    }
}
