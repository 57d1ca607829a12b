import ReelCore
import ReelPlayer

/// What desktop media controls drive: the playback state to publish, and a way in for commands.
///
/// ``Player`` conforms. A composable app conforms with an adapter that turns the commands into
/// its feature's actions (`reel play`'s window does). Remote commands arrive with the reason
/// ``IntentReason/remote``.
@MainActor
public protocol RemoteControllable: AnyObject {
    /// Everything known about playback. It must be observable (`@Observable`): the service
    /// republishes what changed after every change.
    var playback: PlaybackInfo { get }

    /// Carries out `command`, recording `reason` as who asked.
    func send(_ command: EngineCommand, reason: IntentReason) throws(PlayerError)
}

extension Player: RemoteControllable {}
