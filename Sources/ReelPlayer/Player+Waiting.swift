import ReelCore

extension Player {
    /// Returns true as soon as `condition` holds for ``playback``, or false when `timeout`
    /// passes first; re-checks after every change, without polling.
    ///
    /// ```swift
    /// try player.load(item, autoplay: false)
    /// let opened = await player.wait(timeout: .seconds(10)) { $0.status != .loading }
    /// ```
    public func wait(timeout: Duration, until condition: (PlaybackInfo) -> Bool) async -> Bool {
        let observe: @MainActor () -> Void = { _ = self.playback }
        return await ObservationWait.until(timeout: timeout, observing: observe) { condition(playback) }
    }
}
