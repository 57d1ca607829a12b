import ReelMPRIS
import ReelPulse

extension DesktopIntegration {
    /// One of the things ``DesktopIntegration`` does, each on or off by itself.
    public enum Part: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// The player on the session bus as an MPRIS media player: desktop media controls, media
        /// keys, `playerctl` (``/ReelMPRIS/MPRISService``).
        case mpris
        /// logind's `PrepareForSleep` on the system bus interrupts playback, and waking ends the
        /// interruption (``/ReelMPRIS/SleepMonitor``).
        case sleep
        /// The screensaver stays off while video plays (``/ReelMPRIS/ScreenSaverInhibitor``).
        case screenSaver
        /// Playback pauses when the audio output it plays on goes away
        /// (``/ReelPulse/AudioOutputMonitor``).
        case audioOutput

        /// What the part is called in messages.
        public var description: String {
            switch self {
            case .mpris: "MPRIS"
            case .sleep: "sleep"
            case .screenSaver: "the screensaver"
            case .audioOutput: "the audio output"
            }
        }
    }

    /// Why a part is off: it could not start (no bus, no sound server, a refused name) or stopped
    /// working later (the screensaver service refused, the sound server went away). Playback is
    /// never affected.
    public struct Issue: Hashable, Sendable, CustomStringConvertible {
        /// The part that is off.
        public var part: Part
        /// One sentence for a log line, naming the part and the reason, such as
        /// `MPRIS is off: Cannot connect to the session bus: No such file or directory.`
        public var message: String

        /// Creates an issue.
        public init(part: Part, message: String) {
            self.part = part
            self.message = message
        }

        public var description: String { message }
    }

    /// Which parts ``DesktopIntegration`` runs, and where each one connects.
    public struct Configuration: Hashable, Sendable {
        /// The parts to run (default: all of them).
        public var parts: Set<Part>
        /// How the player is published on MPRIS: its bus name, bus, identity and the addresses
        /// `OpenUri` may open. Its `identity` also names the player to the screensaver service.
        public var mpris: MPRISConfiguration
        /// The bus of `org.freedesktop.ScreenSaver` (default: the session bus).
        public var screenSaverBus: BusAddress
        /// The bus of logind (default: the system bus).
        public var logindBus: BusAddress
        /// The sound server to watch: nil for libpulse's own choice (`PULSE_SERVER`, else the
        /// user's), or an address such as `unix:/run/user/1000/pulse/native`.
        public var soundServer: String?
        /// Whose streams' outputs are watched (default: this process's).
        public var audioStreams: AudioStreamSelection

        /// Creates a configuration; by default every part runs on the desktop's own buses and
        /// sound server.
        public init(
            parts: Set<Part> = Set(Part.allCases), mpris: MPRISConfiguration = MPRISConfiguration(),
            screenSaverBus: BusAddress = .session, logindBus: BusAddress = .system, soundServer: String? = nil,
            audioStreams: AudioStreamSelection = .thisProcess
        ) {
            self.parts = parts
            self.mpris = mpris
            self.screenSaverBus = screenSaverBus
            self.logindBus = logindBus
            self.soundServer = soundServer
            self.audioStreams = audioStreams
        }
    }
}
