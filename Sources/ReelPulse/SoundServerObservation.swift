/// One thing the sound server said about its outputs and streams, in the order it said them.
enum SoundServerObservation: Sendable, Hashable {
    /// An output appeared or changed.
    case output(AudioOutput)
    /// The output with this index is gone.
    case outputRemoved(UInt32)
    /// A stream (a PulseAudio sink input) appeared or changed: it plays on the output
    /// `output`, and `isWatched` tells whether it is one of the streams being watched.
    case stream(index: UInt32, output: UInt32, isWatched: Bool)
    /// The stream with this index is gone.
    case streamRemoved(UInt32)
}
