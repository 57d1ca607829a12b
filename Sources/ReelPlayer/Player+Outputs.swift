import Foundation
import ReelComposable
import ReelCore

/// The audio output and the subtitles' look.
extension Player {
    /// The audio outputs the player can play on, ``/ReelCore/AudioDevice/automatic`` (the system's
    /// default) first; they change as devices come and go. Empty until the engine lists them, and
    /// with an engine that plays no sound.
    public var audioDevices: [AudioDevice] { playback.audioDevices }

    /// The output that plays now: the chosen device, or ``/ReelCore/AudioDevice/automatic``. A
    /// chosen device that goes away gives way to the system's default. Nil until the engine lists
    /// its outputs.
    public var currentAudioDevice: AudioDevice? { playback.currentAudioDevice }

    /// Plays the sound on `device` (one of ``audioDevices``), or on the system's default with
    /// ``/ReelCore/AudioDevice/automatic``, following it when it changes.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a device the engine does not list.
    public func setAudioDevice(_ device: AudioDevice) throws(PlayerError) { try setAudioDevice(named: device.name) }

    /// Plays the sound on the output with the engine's name `name` (mpv's `--audio-device`, such
    /// as `"pulse/alsa_output.usb-headset"`, or `"auto"`).
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a name the engine does not list
    ///   (once it has listed its outputs).
    public func setAudioDevice(named name: String) throws(PlayerError) {
        try perform(.outputs(.audioDeviceSelected(name)))
    }

    /// How subtitles look.
    public var subtitleStyle: SubtitleStyle { playback.subtitleStyle }

    /// Styles the subtitles (see ``/ReelCore/SubtitleStyle`` for what applies to styled ASS ones).
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for a value out of range.
    public func setSubtitleStyle(_ style: SubtitleStyle) throws(PlayerError) {
        try perform(.outputs(.subtitleStyleChanged(style)))
    }

    /// The subtitle track shown second, at the top of the picture; nil when none is.
    public var secondarySubtitleTrack: Track? { playback.secondarySubtitleTrack }

    /// Shows a second subtitle track at the top of the picture (another language, say), or none
    /// with `nil`.
    /// - Throws: ``/ReelCore/PlayerError/Code/invalidArgument`` for the track that shows as the main
    ///   subtitles.
    public func select(secondarySubtitle track: Track?) throws(PlayerError) {
        try perform(.outputs(.secondarySubtitleSelected(id: track?.id)))
    }
}
