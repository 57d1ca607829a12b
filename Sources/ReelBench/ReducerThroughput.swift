import Foundation
import ReelComposable
import ReelCore

/// Reducer throughput: engine events reduced per second by ``PlaybackReducer`` alone and by
/// ``PlayerFeature`` (which runs it and derives its control state), on a realistic mix.
///
/// The mix is what libmpv sends while playing: mostly position samples (30 a second), cache
/// reports (4 a second), and now and then a pause, a stall, a seek and its restart.
enum ReducerThroughput {
    /// Events per run.
    static let eventCount = 1_000_000

    /// The measured rates, in events per second.
    struct Result {
        /// `PlaybackReducer.reduce` alone.
        var playbackReducer: Summary
        /// `PlayerFeature.reduce`, engine events only.
        var playerFeature: Summary
    }

    /// Measures `runs` runs of each and summarizes them.
    static func measure(runs: Int) -> Result? {
        let events = mix()
        var plain: [Double] = []
        var feature: [Double] = []
        for _ in 0..<runs {
            plain.append(
                rate(events) { state, event, now in
                    PlaybackReducer.reduce(&state.playback, .received(event), at: now)
                })
            let reducer = PlayerFeature(now: { HostTime(seconds: 1000) })
            feature.append(
                rate(events) { state, event, _ in
                    _ = reducer.reduce(into: &state, action: .engine(event))
                })
        }
        guard let plain = Summary(plain), let feature = Summary(feature) else { return nil }
        return Result(playbackReducer: plain, playerFeature: feature)
    }

    private static func rate(
        _ events: [EngineEvent], _ body: (inout PlayerFeature.State, EngineEvent, HostTime) -> Void
    ) -> Double {
        var state = PlayerFeature.State()
        let id = ItemID(rawValue: 1)
        PlaybackReducer.reduce(
            &state.playback,
            .sent(
                .load(LoadRequest(item: MediaItem(url: URL(fileURLWithPath: "/a.mp4")), id: id)),
                reason: .user), at: HostTime(seconds: 1))
        for event in [EngineEvent.itemStarted(id), .property(.duration(3600)), .itemLoaded(id), .playbackRestarted] {
            PlaybackReducer.reduce(&state.playback, .received(event), at: HostTime(seconds: 1))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var now = HostTime(seconds: 1)
        for event in events {
            now.nanoseconds &+= 33_000_000
            body(&state, event, now)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Keep the result alive so the loop is not optimised away.
        if state.playback.stallCount < 0 { print(state) }
        return Double(events.count) / elapsed
    }

    /// A deterministic mix of the events a playing engine sends.
    static func mix() -> [EngineEvent] {
        var events: [EngineEvent] = []
        events.reserveCapacity(eventCount)
        var position = 0.0
        for index in 0..<eventCount {
            position += 1.0 / 30
            switch index % 1000 {
            case 500: events.append(.property(.paused(true)))
            case 501: events.append(.property(.paused(false)))
            case 700: events.append(.property(.pausedForCache(true)))
            case 701: events.append(.property(.pausedForCache(false)))
            case 900: events.append(.seekStarted)
            case 901: events.append(.playbackRestarted)
            case let step where step % 8 == 0:
                events.append(.property(.bufferedRanges([TimeRange(start: 0, end: position + 10)])))
            default:
                events.append(.property(.position(position, at: HostTime(seconds: 1 + Double(index) * 0.033))))
            }
        }
        return events
    }
}
