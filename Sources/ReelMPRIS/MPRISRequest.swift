/// A method call or property write from an MPRIS client, parsed on the bus thread and carried
/// out on the main actor.
enum MPRISRequest: Hashable, Sendable {
    case raise
    case quit
    case next
    case previous
    case play
    case pause
    case playPause
    case stop
    /// Seek by this many microseconds.
    case seek(offset: Int64)
    /// Go to this many microseconds into the track named by the path.
    case setPosition(trackID: String, position: Int64)
    case openURI(String)
    case setFullscreen(Bool)
    case setLoopStatus(String)
    case setRate(Double)
    case setShuffle(Bool)
    case setVolume(Double)
}

/// How the main actor answered an ``MPRISRequest``.
enum MPRISOutcome: Hashable, Sendable {
    /// Done (or, as the spec asks for some, ignored).
    case done
    /// Refused: a D-Bus error name and a message.
    case failed(name: String, message: String)
}
