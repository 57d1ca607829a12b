import CMPV
import Foundation
import NIOConcurrencyHelpers
import ReelCore
import Synchronization

/// How the engine reports ``ReelCore/EngineStatistics``: read on the event thread, from
/// properties libmpv is never asked to observe (observing them would make libmpv compare them on
/// every frame), when a consumer asks (``ReelCore/EngineCommand/reportStatistics``) and when an
/// item reaches its end (libmpv holds it open there), so a finished item's last sample is exact.
///
/// Not in libmpv's `on_unload` hook: holding the unload for a sample let libmpv report the end of
/// an item followed without a gap (`prepareNext`), which the engine answers with a pause.
///
/// Bytes transferred are counted here too: libmpv reports the input rate of one-second windows
/// (`demuxer-cache-state`'s `raw-input-rate`, already observed for the buffered ranges) but no
/// total, so each new window's rate is multiplied by the time since the previous one
/// (``InputMeter``); a single file read straight through is bounded by its size, and is its size
/// once the reader reached its end (``bytesTransferred(estimate:fileSize:format:cache:)``).
final class StatisticsSampler: Sendable {
    private let requested = Atomic<Bool>(false)
    private let meter = NIOLockedValueBox(InputMeter())

    /// Asks the event thread for a sample (from any thread); the caller then wakes it up.
    func request() { requested.store(true, ordering: .releasing) }

    /// Whether a sample was asked for since the last call.
    func takeRequest() -> Bool { requested.exchange(false, ordering: .acquiringAndReleasing) }

    /// A new item started: its bytes count from zero.
    func itemStarted(at time: HostTime) { meter.withLockedValue { $0 = InputMeter(start: time) } }

    /// The cache's state changed (`demuxer-cache-state`).
    func cacheStateChanged(_ state: MPVNode, at time: HostTime) {
        let rate = state["raw-input-rate"].double
        meter.withLockedValue { $0.record(rate: rate, at: time) }
    }

    /// Reads the current item's counters.
    func sample(_ handle: MPVHandle) -> EngineStatistics {
        let node = handle.property
        let cache = node("demuxer-cache-state")
        let estimate = Int64(meter.withLockedValue { $0.bytes }.rounded())
        let bytes = Self.bytesTransferred(
            estimate: estimate, fileSize: node("file-size").int.map(Int64.init), format: node("file-format").string,
            cache: cache, streamPosition: node("stream-pos").int.map(Int64.init))
        return EngineStatistics(
            droppedFrames: node("frame-drop-count").int, decoderDroppedFrames: node("decoder-frame-drop-count").int,
            delayedFrames: node("vo-delayed-frame-count").int, videoBitrate: node("video-bitrate").double,
            audioBitrate: node("audio-bitrate").double, inputRate: cache["raw-input-rate"].double,
            bytesTransferred: bytes, cachedDuration: cache["cache-duration"].double)
    }

    /// The bytes read: a single file read straight through from its start (no byte-level seek)
    /// brought exactly what lies before the reader's position (`stream-pos`), and all of it once
    /// the reader reached its end; anything else (an adaptive stream's segments, a file read with
    /// seeks) is the rate's estimate.
    static func bytesTransferred(
        estimate: Int64, fileSize: Int64?, format: String?, cache: MPVNode, streamPosition: Int64? = nil
    ) -> Int64 {
        guard let fileSize, fileSize > 0, format != "hls", format != "dash",
            cache["debug-byte-level-seeks"].int == 0
        else { return estimate }
        // Without a byte-level seek, a reader at the end (`eof`) read the whole file once.
        if cache["eof"].bool == true { return fileSize }
        if let streamPosition, streamPosition > 0 { return min(streamPosition, fileSize) }
        return min(estimate, fileSize)
    }
}

/// Bytes transferred from libmpv's input rate: libmpv divides the bytes read in a window of at
/// least a second by the window's length, and keeps that rate until the next window ends (a
/// stale rate while the cache is full). A new rate is therefore counted once, over the time since
/// the previous new rate.
struct InputMeter {
    /// The bytes counted so far.
    private(set) var bytes: Double = 0
    private var lastRate: Double?
    private var lastChange: HostTime?

    /// A meter for an item that started at `start`.
    init(start: HostTime? = nil) { lastChange = start }

    /// Takes the rate libmpv reports at `time`.
    mutating func record(rate: Double?, at time: HostTime) {
        guard let rate, rate.isFinite, rate >= 0, rate != lastRate else { return }
        if let lastChange { bytes += rate * max(0, time.seconds(since: lastChange)) }
        lastRate = rate
        lastChange = time
    }
}
