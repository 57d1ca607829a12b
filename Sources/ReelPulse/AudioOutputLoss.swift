/// An audio output that a player's sound was playing on went away.
///
/// Media players pause when this happens (iOS's "old device unavailable" route change): sound
/// meant for headphones should not suddenly come out of the speakers.
public struct AudioOutputLoss: Sendable, Hashable {
    /// How the output went away.
    public enum Cause: Sendable, Hashable {
        /// The output itself is gone: a USB or Bluetooth device was disconnected, or its sink
        /// was unloaded.
        case outputRemoved
        /// The output's active port became unavailable: a jack (headphones, line out) was
        /// unplugged. `port` is the sound server's name for it, such as `analog-output-headphones`.
        case portUnplugged(port: String)
    }

    /// The sound server's name of the output (its sink), such as `alsa_output.usb-….analog-stereo`.
    public var output: String
    /// How it went away.
    public var cause: Cause

    /// Creates a loss of `output`.
    public init(output: String, cause: Cause) {
        self.output = output
        self.cause = cause
    }
}
