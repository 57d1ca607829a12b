import ReelComposable
import ReelCore
import ReelMPRIS

/// The window session's store as a ``ReelMPRIS/RemoteControllable``: remote commands become
/// `PlayerFeature` actions (with their reason where the feature keeps one), and sleep pauses
/// and resumes it the way `Player`'s interruptions do (resuming only what sleep paused); losing
/// the audio output pauses it for good.
@MainActor
final class StoreRemote: RemoteControllable {
    private let store: Store<PlayerFeature.State, PlayerFeature.Action>
    private var pausedForSleep = false

    /// Wraps `store`.
    init(_ store: Store<PlayerFeature.State, PlayerFeature.Action>) { self.store = store }

    /// The feature's playback state.
    var playback: PlaybackInfo { store.state.playback }

    /// Sends the feature action that carries out `command`.
    /// - Throws: ``ReelCore/PlayerError/Code/invalidArgument`` for a command the feature has no
    ///   action for.
    func send(_ command: EngineCommand, reason: IntentReason) throws(PlayerError) {
        switch command {
        case .play: _ = store.send(.play(reason: reason))
        case .pause: _ = store.send(.pause(reason: reason))
        case .stop: _ = store.send(.stop)
        case .load(let request): _ = store.send(.load(request.item, autoplay: request.autoplay))
        case .seek(.absolute(let time), let precision): _ = store.send(.seek(to: time, precision: precision))
        case .seek(.relative(let delta), let precision):
            _ = store.send(.seek(to: max(0, playback.position() + delta), precision: precision))
        case .setSpeed(let speed): _ = store.send(.speedSelected(speed))
        case .setVolume(let volume): _ = store.send(.volumeChanged(volume))
        default: throw PlayerError(.invalidArgument, message: "The window does not take this command remotely.")
        }
    }

    /// Pauses before sleep (with the reason `interruption`) and, after waking, resumes what it
    /// paused unless something changed the intent meanwhile.
    func sleep(_ sleeping: Bool) {
        if sleeping {
            pausedForSleep = playback.intent.playWhenReady
            if pausedForSleep { _ = store.send(.pause(reason: .interruption)) }
        } else {
            defer { pausedForSleep = false }
            guard pausedForSleep, playback.intent == PlayIntent(playWhenReady: false, reason: .interruption) else {
                return
            }
            _ = store.send(.play(reason: .interruption))
        }
    }

    /// The audio output went away: pauses with the reason `interruption`, and nothing resumes
    /// by itself (not even waking from a sleep that began earlier).
    func outputLost() {
        pausedForSleep = false
        if playback.intent.playWhenReady { _ = store.send(.pause(reason: .interruption)) }
    }
}
