import Observation
import ReelCore
import ReelPlayer

/// Waits, without polling, until a player's ``PlaybackState`` meets a condition.
@MainActor
enum PlayerWait {
    /// Returns true as soon as `condition` holds for `player.playback`, or false when `timeout`
    /// passes first. Re-checks after every observed change of `playback`.
    static func until(
        _ player: Player, timeout: Duration, _ condition: (PlaybackState) -> Bool
    ) async -> Bool {
        if condition(player.playback) { return true }
        let (changes, change) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let timer = Task {
            try? await Task.sleep(for: timeout)
            change.finish()
        }
        defer {
            timer.cancel()
            change.finish()
        }
        observe(player, change)
        for await _ in changes {
            // `onChange` fires before the new value is stored; it is stored by the time this
            // runs on the main actor again.
            observe(player, change)
            if condition(player.playback) { return true }
        }
        return condition(player.playback)
    }

    /// Yields to `change` at the next change of `player.playback` (once).
    private static func observe(_ player: Player, _ change: AsyncStream<Void>.Continuation) {
        withObservationTracking {
            _ = player.playback
        } onChange: {
            change.yield()
        }
    }
}
