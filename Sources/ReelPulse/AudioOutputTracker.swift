import NIOConcurrencyHelpers

/// Decides, from what the sound server says in order, when a watched stream's output went away.
/// Pure: no I/O and no clock of its own, so every rule is tested with plain values.
///
/// The rules, for the watched streams only:
/// - An output is removed while a watched stream plays on it → ``AudioOutputLoss/Cause/outputRemoved``.
/// - A watched stream left an output (moved or closed) at most ``departureWindow`` before that
///   output was removed → the same: the sound server moves streams off a disappearing output
///   (PulseAudio's `module-rescue-streams`, PipeWire's relinking) or kills them, and it may say
///   so before it says the output is gone.
/// - The active port of a watched stream's output becomes unavailable →
///   ``AudioOutputLoss/Cause/portUnplugged(port:)``: headphones pulled from a jack, after which the
///   server switches the output to the speakers' port.
///
/// A stream moved to another output by the user, with its old output staying, is no loss, and
/// neither is any change to outputs no watched stream uses.
struct AudioOutputTracker: Sendable {
    /// How long after a watched stream left an output that output's removal still counts as a loss.
    static let departureWindow: Duration = .seconds(2)

    /// The outputs the server has, by index.
    private(set) var outputs: [UInt32: AudioOutput] = [:]
    /// The indexes of the outputs the watched streams play on.
    var activeOutputs: Set<UInt32> { Set(streams.values) }
    /// The watched streams and the output each plays on.
    private var streams: [UInt32: UInt32] = [:]
    /// When a watched stream last left each output.
    private var departures: [UInt32: ContinuousClock.Instant] = [:]

    /// Takes in one observation made at `now`; returns the loss it reveals, if any.
    mutating func observe(_ observation: SoundServerObservation, at now: ContinuousClock.Instant) -> AudioOutputLoss? {
        switch observation {
        case .stream(let index, let output, let isWatched):
            let previous = streams[index]
            if let previous, previous != output || !isWatched { departures[previous] = now }
            streams[index] = isWatched ? output : nil
            return nil
        case .streamRemoved(let index):
            if let previous = streams.removeValue(forKey: index) { departures[previous] = now }
            return nil
        case .outputRemoved(let index):
            let removed = outputs.removeValue(forKey: index)
            let departed = departures.removeValue(forKey: index)
            let inUse = streams.values.contains(index)
            let recentlyUsed = departed.map { now - $0 <= Self.departureWindow } ?? false
            guard inUse || recentlyUsed else { return nil }
            return AudioOutputLoss(output: removed?.name ?? "#\(index)", cause: .outputRemoved)
        case .output(let output):
            let previous = outputs.updateValue(output, forKey: output.id)
            guard streams.values.contains(output.id), let previous, let port = previous.activePort,
                !previous.unavailablePorts.contains(port), output.unavailablePorts.contains(port)
            else { return nil }
            return AudioOutputLoss(output: output.name, cause: .portUnplugged(port: port))
        }
    }
}

/// An ``AudioOutputTracker`` shared between libpulse's thread, which feeds it, and the monitor.
final class SharedTracker: Sendable {
    private let tracker = NIOLockedValueBox(AudioOutputTracker())

    /// Feeds `observation`, made now; returns the loss it reveals and what is known after it.
    func observe(_ observation: SoundServerObservation) -> (AudioOutputLoss?, Snapshot) {
        tracker.withLockedValue { tracker in (tracker.observe(observation, at: .now), Snapshot(tracker)) }
    }

    /// What is known now.
    var snapshot: Snapshot { tracker.withLockedValue { Snapshot($0) } }

    /// The outputs, sorted by name, and which of them the watched streams play on.
    struct Snapshot: Sendable {
        var outputs: [AudioOutput]
        var activeOutputs: [AudioOutput]

        init(_ tracker: AudioOutputTracker) {
            outputs = tracker.outputs.values.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            let active = tracker.activeOutputs
            activeOutputs = outputs.filter { active.contains($0.id) }
        }
    }
}
