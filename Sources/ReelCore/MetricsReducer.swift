import Foundation

/// What ``MetricsReducer`` keeps between events: the current item's running figures, the
/// finished items' totals, and the last entries of the access and error logs.
///
/// Durations grow between events without one per frame: the state remembers since when the
/// current item plays or stalls, and ``metrics(at:)`` adds the time up to the moment asked.
public struct MetricsState: Hashable, Sendable {
    /// How many entries each log keeps (the oldest go first).
    public static let logLimit = 100

    /// The session's start on the monotonic clock.
    public let origin: HostTime
    /// The session's start on the wall clock; entries' dates are ``origin`` plus host time.
    public let originDate: Date
    /// The last access-log entries, oldest first (at most ``logLimit``).
    public private(set) var accessLog: [AccessLogEntry] = []
    /// The last error-log entries, oldest first (at most ``logLimit``).
    public private(set) var errorLog: [ErrorLogEntry] = []

    /// Grows whenever a figure changes by more than the passing of time (an item starts or ends,
    /// a first frame, a stall begins or ends, a sample): a snapshot taken at an older revision
    /// differs from ``metrics(at:)`` only in durations.
    public private(set) var revision: UInt64 = 0

    var current: ItemRecord? {
        didSet { revision &+= 1 }
    }
    /// The finished items' totals.
    var finished: SessionMetrics
    var firstFrameTotal: TimeInterval = 0
    var firstFrameCount = 0

    /// Creates the state of a session beginning at `origin`, which is `date` on the wall clock.
    public init(origin: HostTime = .now, date: Date = Date()) {
        self.origin = origin
        originDate = date
        finished = SessionMetrics(startDate: date)
    }

    /// The wall-clock date of a host time.
    public func date(at time: HostTime) -> Date { originDate.addingTimeInterval(time.seconds(since: origin)) }

    /// The figures at `now`: the current item's and the session's, durations counted up to `now`.
    public func metrics(at now: HostTime) -> PlaybackMetrics {
        let item = current?.figures(at: now)
        var session = finished
        if let item { Self.add(item, to: &session) }
        let total = firstFrameTotal + (item?.timeToFirstFrame ?? 0)
        let count = firstFrameCount + (item?.timeToFirstFrame == nil ? 0 : 1)
        session.averageTimeToFirstFrame = count > 0 ? total / Double(count) : nil
        return PlaybackMetrics(item: item, session: session)
    }

    /// Applies one engine event with ``MetricsReducer``; returns the log entries it completed.
    @discardableResult
    public mutating func apply(_ event: EngineEvent, playback: PlaybackInfo, at now: HostTime) -> [MetricsLogEntry] {
        MetricsReducer.reduce(&self, event, playback: playback, at: now)
    }

    static func add(_ item: ItemMetrics, to session: inout SessionMetrics) {
        session.playingDuration += item.playingDuration
        session.stallCount += item.stallCount
        session.stallDuration += item.stallDuration
        session.bytesTransferred += item.bytesTransferred ?? 0
        session.droppedFrames += item.droppedFrames ?? 0
    }

    mutating func log(_ entry: MetricsLogEntry) {
        revision &+= 1
        switch entry {
        case .access(let access):
            accessLog.append(access)
            if accessLog.count > Self.logLimit { accessLog.removeFirst(accessLog.count - Self.logLimit) }
        case .error(let error):
            errorLog.append(error)
            if errorLog.count > Self.logLimit { errorLog.removeFirst(errorLog.count - Self.logLimit) }
        }
    }
}

/// The current item's running figures.
struct ItemRecord: Hashable, Sendable {
    enum Mode: Hashable, Sendable { case playing, stalled, other }

    /// The item's figures, durations up to ``since``.
    var metrics: ItemMetrics
    var started: HostTime
    var loaded = false
    /// Whether the engine holds the item at its end (it then ends as stopped when unloaded).
    var reachedEnd = false
    var mode = Mode.other
    var since: HostTime
    /// Where the access log's open span began, and the figures then.
    var spanStart: HostTime
    var spanBaseline: ItemMetrics

    init(metrics: ItemMetrics, at now: HostTime) {
        self.metrics = metrics
        started = now
        since = now
        spanStart = now
        spanBaseline = metrics
    }

    /// The figures with the current mode's time counted up to `now`.
    func figures(at now: HostTime) -> ItemMetrics {
        var figures = metrics
        let elapsed = max(0, now.seconds(since: since))
        switch mode {
        case .playing: figures.playingDuration += elapsed
        case .stalled: figures.stallDuration += elapsed
        case .other: break
        }
        return figures
    }

    /// Counts the time in the current mode and enters `mode` at `now`.
    mutating func enter(_ mode: Mode, at now: HostTime) {
        guard mode != self.mode else { return }
        metrics = figures(at: now)
        since = now
        self.mode = mode
        switch mode {
        case .stalled: metrics.stallCount += 1
        case .playing where metrics.startupTime == nil: metrics.startupTime = now.seconds(since: started)
        default: break
        }
    }

    /// The open span's figures at `now`: counts and durations since the span began.
    func span(at now: HostTime, date: Date) -> ItemMetrics {
        let total = figures(at: now)
        var span = total
        let base = spanBaseline
        span.startDate = date
        span.playingDuration = total.playingDuration - base.playingDuration
        span.stallCount = total.stallCount - base.stallCount
        span.stallDuration = total.stallDuration - base.stallDuration
        span.bytesTransferred = Self.difference(total.bytesTransferred, base.bytesTransferred)
        span.droppedFrames = Self.difference(total.droppedFrames, base.droppedFrames)
        span.decoderDroppedFrames = Self.difference(total.decoderDroppedFrames, base.decoderDroppedFrames)
        span.delayedFrames = Self.difference(total.delayedFrames, base.delayedFrames)
        if spanStart != started {
            span.timeToFirstFrame = nil
            span.startupTime = nil
        }
        return span
    }

    private static func difference<T: Numeric & Comparable>(_ total: T?, _ base: T?) -> T? {
        guard let total else { return nil }
        return max(0, total - (base ?? 0))
    }
}

/// Playback metrics as a pure function of the engine's events and the player's state after
/// each: `(state, event, playback, host time) → state + completed log entries`.
///
/// Nothing here reads a clock: the host time comes with each event (tests pass their own), and
/// dates are the state's origin plus host time. Engine figures (dropped frames, bit rates,
/// bytes) come from ``PropertyChange/statistics(_:)`` samples; everything else is derived from
/// events the player already has:
///
/// - time to first frame: from ``EngineEvent/itemStarted(_:)`` to the first
///   ``EngineEvent/playbackRestarted`` after ``EngineEvent/itemLoaded(_:)``;
/// - startup time: from the start to the first `PlayerState.playing`;
/// - stalls: entering `buffering(reason: .toMinimizeStalls)` after the first frame, with the
///   time spent there; playing time is the time in `.playing`;
/// - the access log gets an entry when an item ends and when an adaptive stream's variant (its
///   selected video track) changes; the error log one per failed item or command.
public enum MetricsReducer {
    /// Applies `event`, after which the player's state is `playback`, at `now`.
    @discardableResult
    public static func reduce(
        _ state: inout MetricsState, _ event: EngineEvent, playback: PlaybackInfo, at now: HostTime
    ) -> [MetricsLogEntry] {
        var entries: [MetricsLogEntry] = []
        switch event {
        case .itemStarted(let id):
            if let record = state.current, record.metrics.itemID != id {
                entries += close(&state, reason: nil, at: now)
            }
            if state.current == nil {
                let item = playback.itemID == id ? playback.item : nil
                let metrics = ItemMetrics(
                    itemID: id, url: item?.url, title: item?.title, startDate: state.date(at: now))
                state.current = ItemRecord(metrics: metrics, at: now)
                state.finished.itemCount += 1
            }
        case .itemLoaded(let id):
            if state.current?.metrics.itemID == id { state.current?.loaded = true }
        case .playbackRestarted:
            if var record = state.current, record.loaded, record.metrics.timeToFirstFrame == nil {
                record.metrics.timeToFirstFrame = now.seconds(since: record.started)
                state.current = record
            }
        case .property(.endReached(let reached)):
            if state.current != nil, state.current?.reachedEnd != reached { state.current?.reachedEnd = reached }
        case .property(.statistics(let statistics)):
            state.current?.metrics.apply(statistics)
        case .property(.tracks), .property(.hardwareDecoder):
            if state.current != nil { entries += describe(&state, playback: playback, at: now) }
        case .itemEnded(let id, let reason):
            if case .failed(let error) = reason {
                let url = state.current?.metrics.url ?? (playback.itemID == id ? playback.item?.url : nil)
                if state.current?.metrics.itemID != id { state.finished.itemCount += 1 }
                state.finished.failedItemCount += 1
                entries.append(.error(ErrorLogEntry(date: state.date(at: now), itemID: id, url: url, error: error)))
            }
            if let record = state.current, record.metrics.itemID == id {
                // An engine that keeps the item open at its end reports its unload as a stop.
                let ended = reason == .stopped && record.reachedEnd ? EndReason.endOfMedia : reason
                entries += close(&state, reason: ended, at: now)
            }
        case .commandFailed(let command, let error):
            let record = state.current?.metrics
            entries.append(
                .error(
                    ErrorLogEntry(
                        date: state.date(at: now), itemID: record?.itemID, url: record?.url, error: error,
                        command: command)))
        case .shutdown:
            entries += close(&state, reason: nil, at: now)
        default:
            break
        }
        if let record = state.current {
            let mode = mode(of: playback, record: record)
            if mode != record.mode { state.current?.enter(mode, at: now) }
        }
        for entry in entries { state.log(entry) }
        return entries
    }

    /// The mode `playback`'s state counts in.
    private static func mode(of playback: PlaybackInfo, record: ItemRecord) -> ItemRecord.Mode {
        switch playback.playerState {
        case .playing: return .playing
        case .buffering(reason: .toMinimizeStalls) where record.metrics.timeToFirstFrame != nil: return .stalled
        default: return .other
        }
    }

    /// Takes the selected tracks' figures (decoder, declared bit rate); a new variant of an
    /// adaptive stream closes the access log's open span.
    private static func describe(_ state: inout MetricsState, playback: PlaybackInfo, at now: HostTime)
        -> [MetricsLogEntry]
    {
        // An item being unloaded loses its tracks first: what played stays.
        guard var record = state.current, !playback.tracks.isEmpty else { return [] }
        var entries: [MetricsLogEntry] = []
        let video = playback.selectedTrack(.video)
        if let previous = record.metrics.videoTrackID, let id = video?.id, id != previous, !playback.variants.isEmpty {
            let entry = AccessLogEntry(
                metrics: record.span(at: now, date: state.date(at: record.spanStart)), endDate: state.date(at: now),
                endReason: nil)
            entries.append(.access(entry))
            record.spanBaseline = record.figures(at: now)
            record.spanStart = now
        }
        record.metrics.videoTrackID = video?.id
        record.metrics.decoder = video.map { "\($0.codec ?? "video") (\(playback.hardwareDecoder ?? "software"))" }
        if let variant = playback.currentVariant, let bitrate = variant.bitrate {
            record.metrics.indicatedBitrate = Double(bitrate)
        } else {
            let declared = [video, playback.selectedTrack(.audio)].compactMap { $0?.bitrate }
            record.metrics.indicatedBitrate = declared.isEmpty ? nil : Double(declared.reduce(0, +))
        }
        state.current = record
        return entries
    }

    /// Ends the current item: its last access-log entry, its figures added to the session's.
    private static func close(_ state: inout MetricsState, reason: EndReason?, at now: HostTime) -> [MetricsLogEntry] {
        guard let record = state.current else { return [] }
        let figures = record.figures(at: now)
        let entry = AccessLogEntry(
            metrics: record.span(at: now, date: state.date(at: record.spanStart)), endDate: state.date(at: now),
            endReason: reason)
        MetricsState.add(figures, to: &state.finished)
        if let firstFrame = figures.timeToFirstFrame {
            state.firstFrameTotal += firstFrame
            state.firstFrameCount += 1
        }
        state.current = nil
        return [.access(entry)]
    }
}

extension ItemMetrics {
    /// Takes an engine sample's figures.
    mutating func apply(_ statistics: EngineStatistics) {
        droppedFrames = statistics.droppedFrames ?? droppedFrames
        decoderDroppedFrames = statistics.decoderDroppedFrames ?? decoderDroppedFrames
        delayedFrames = statistics.delayedFrames ?? delayedFrames
        videoBitrate = statistics.videoBitrate ?? videoBitrate
        audioBitrate = statistics.audioBitrate ?? audioBitrate
        observedBitrate = statistics.inputRate.map { $0 * 8 } ?? observedBitrate
        if let bytes = statistics.bytesTransferred { bytesTransferred = max(bytesTransferred ?? 0, bytes) }
    }
}
