import CMPV
import Foundation
import ReelCore

/// The engine's one event path: blocks in `mpv_wait_event`, copies each event into Swift values
/// before the next wait (libmpv reuses the memory), and yields ``EngineEvent``s in order to the
/// engine's broadcast.
///
/// Runs on its own thread, so a blocking wait never occupies one of Swift's few cooperative
/// threads. It ends after `MPV_EVENT_SHUTDOWN`, finishing every subscription.
final class EventPump: Sendable {
    private let handle: MPVHandle
    private let registry: ItemRegistry
    /// The engine's broadcast, positions thinned (see ``PositionThrottle``).
    private let outlet: EventOutlet
    /// Where libmpv's log lines go.
    private let log: EngineLog
    /// Queues the engine's own pause at the end on the command queue.
    private let pauseAtEnd: @Sendable () -> Void
    /// Arms the watchdog that stops an item still opening after the network timeout.
    private let watchOpening: @Sendable (Int64) -> Void
    /// Samples the item's counters when asked and at the item's end.
    private let sampler: StatisticsSampler
    /// The codecs libmpv has an audio or video decoder for (its `decoder-list`), read once.
    private let decodableCodecs: Set<String>

    init(
        handle: MPVHandle, registry: ItemRegistry, broadcast: EngineEventBroadcast,
        log: EngineLog, sampler: StatisticsSampler,
        pauseAtEnd: @escaping @Sendable () -> Void,
        watchOpening: @escaping @Sendable (Int64) -> Void
    ) {
        self.pauseAtEnd = pauseAtEnd
        self.watchOpening = watchOpening
        self.handle = handle
        self.registry = registry
        outlet = EventOutlet(broadcast)
        self.log = log
        self.sampler = sampler
        decodableCodecs = Self.decodableCodecs(handle.property("decoder-list"))
    }

    /// The codec names of libmpv's `decoder-list` (its audio and video decoders).
    static func decodableCodecs(_ list: MPVNode) -> Set<String> { Set(list.array.compactMap { $0["codec"].string }) }

    /// `change` with each audio and video track marked playable or not by `codecs`
    /// (``/ReelCore/Track/isPlayable``); other changes as they are.
    static func markingPlayable(_ change: PropertyChange, codecs: Set<String>) -> PropertyChange {
        guard case .tracks(var tracks) = change else { return change }
        for index in tracks.indices where tracks[index].kind != .subtitle {
            tracks[index].isPlayable = tracks[index].codec.map(codecs.contains) ?? false
        }
        return .tracks(tracks)
    }

    /// A failure waiting briefly for the log line that explains it (a network failure, a decoder
    /// that could not be set up).
    private struct PendingFailure {
        var entry: ItemRegistry.Entry
        var code: Int32
        var log: [String]
        var deadline: HostTime
        /// Property changes libmpv sent after the end (the track list emptied, …), reported after
        /// the failure, in their order.
        var deferred: [PropertyChange] = []
    }

    /// How long a failure waits for its explanation: libmpv delivers log lines through a separate
    /// buffer, so FFmpeg's "HTTP error 404" or mpv's "Failed to initialize a decoder" can arrive
    /// just after `END_FILE`.
    private static let explanationGrace = 0.5

    /// The events this pump reports or acts on; any other is ignored. A pending failure is
    /// reported before the next of these, so that it keeps its place in the order.
    private static let reported: Set<mpv_event_id> = [
        MPV_EVENT_SHUTDOWN, MPV_EVENT_START_FILE, MPV_EVENT_END_FILE, MPV_EVENT_FILE_LOADED,
        MPV_EVENT_VIDEO_RECONFIG, MPV_EVENT_SEEK, MPV_EVENT_PLAYBACK_RESTART, MPV_EVENT_PROPERTY_CHANGE,
    ]

    /// Drains events until libmpv shuts down.
    func run() {
        var abLoop = ABLoop.off
        var pending: PendingFailure?
        while true {
            let timeout = pending.map { max(0, $0.deadline.seconds(since: .now)) } ?? -1
            guard let event = mpv_wait_event(handle.pointer, timeout) else { continue }
            let id = event.pointee.event_id
            if id == MPV_EVENT_HOOK {
                // libmpv waits for the hook's continuation: whatever else is pending.
                unloading(event.pointee)
                continue
            }
            if pending == nil, sampler.takeRequest() { reportStatistics() }
            if var failure = pending {
                if id == MPV_EVENT_LOG_MESSAGE {
                    handle(event.pointee, abLoop: &abLoop)
                    failure.log = registry.recentLog()
                    pending = failure
                    guard ErrorClassifier.isExplained(code: failure.code, url: failure.entry.url, log: failure.log)
                    else { continue }
                } else if id == MPV_EVENT_PROPERTY_CHANGE {
                    // Kept for after the failure, unless it is the end of the media, which acts
                    // (pauses): the failure goes first, and `handle` below reads the event again
                    // (reading `eof-reached` changes no state).
                    guard let change = propertyChange(event.pointee, abLoop: &abLoop) else { continue }
                    if change != .endReached(true) {
                        failure.deferred.append(change)
                        pending = failure
                        continue
                    }
                } else if id != MPV_EVENT_NONE, !Self.reported.contains(id) {
                    // Nothing to report (libmpv's `IDLE` right after the end, replies): no reason
                    // to stop waiting for the explanation.
                    continue
                }
                fail(failure)
                pending = nil
                if id == MPV_EVENT_LOG_MESSAGE || id == MPV_EVENT_NONE { continue }
            }
            if id == MPV_EVENT_NONE { continue }
            if id == MPV_EVENT_SHUTDOWN { break }
            if id == MPV_EVENT_END_FILE,
                let data = event.pointee.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee
            {
                pending = endFile(data)
            } else {
                handle(event.pointee, abLoop: &abLoop)
            }
        }
        if let failure = pending { fail(failure) }
        outlet.yield(.shutdown)
        outlet.finish()
    }

    private func fail(_ failure: PendingFailure) {
        let error = ErrorClassifier.classify(code: failure.code, url: failure.entry.url, log: failure.log)
        outlet.yield(.itemEnded(failure.entry.item, .failed(error)))
        for change in failure.deferred { outlet.yield(.property(change)) }
    }

    private func handle(_ event: mpv_event, abLoop: inout ABLoop) {
        switch event.event_id {
        case MPV_EVENT_START_FILE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_start_file.self).pointee,
                let entry = registry.start(entry: data.playlist_entry_id)
            else { return }
            watchOpening(data.playlist_entry_id)
            sampler.itemStarted(at: .now)
            LibraryOutput.itemStarted(entry.item, engine: log.engine)
            outlet.yield(.itemStarted(entry.item))
        case MPV_EVENT_FILE_LOADED:
            guard let entry = registry.currentEntry() else { return }
            registry.markOpened()
            // Observed properties trail events, so read what "loaded" promises now: a consumer
            // sees tracks, duration and chapters before it sees the item as loaded.
            read(ObservedProperty.knownAtLoad, abLoop: &abLoop)
            outlet.yield(.property(Self.liveChange(handle: handle, url: entry.url)))
            for subtitle in entry.subtitles {
                _ = withMPVNode(MPVEngine.subAdd(subtitle, flags: "auto")) {
                    mpv_command_node_async(handle.pointer, 0, $0)
                }
            }
            outlet.yield(.itemLoaded(entry.item))
        case MPV_EVENT_VIDEO_RECONFIG:
            // The picture's geometry is known before the first frame is reported.
            read([.videoParams], abLoop: &abLoop)
        case MPV_EVENT_SEEK:
            outlet.yield(.seekStarted)
        case MPV_EVENT_PLAYBACK_RESTART:
            // With `cache-pause-initial` libmpv restarts already paused for the cache; its
            // notification trails this event, so read it now: the item never seems to play.
            read([.pausedForCache], abLoop: &abLoop)
            outlet.yield(.playbackRestarted)
            // The position where it restarted: its notification may have come while the seek was
            // on, and a position is not taken while seeking. Reel's own seeks know their target,
            // libmpv's own do not (`frame-back-step`, an A-B loop's return, a chapter's start).
            read([.timePos], abLoop: &abLoop)
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let change = propertyChange(event, abLoop: &abLoop) else { return }
            if case .endReached(false) = change { registry.clearEndReported() }
            if case .endReached(true) = change {
                // Read and marked under the registry's lock, so that an item queued next at the
                // same moment is either seen here or refused (MPVEngine's `prepareNext`): libmpv
                // would move on to it by itself from an end already reported.
                let entry = registry.currentEntryID()
                let end = registry.withLock {
                    let end = MediaEnd.classify(handle: handle, entry: entry)
                    if let entry, !end.isNextFollows { registry.markEndReportedLocked(entry) }
                    return end
                }
                switch end {
                case .nextFollows:
                    // libmpv's `eof-reached` holds as soon as every stream ran out, before it
                    // moves on to the entry prepared next by itself: not the end of playback.
                    return
                case .connectionLost(let error):
                    guard let entry = registry.currentEntry() else { return }
                    registry.markCurrentFailed()
                    pauseAtEnd()
                    reportStatistics()
                    outlet.yield(.itemEnded(entry.item, .failed(error)))
                    return
                case .end:
                    // keep-open-pause=no lets the end be reported before the pause it causes, so
                    // the pause is never mistaken for someone else's. The pause is queued before
                    // the end is reported, so whatever a consumer sends in reply (replay) runs
                    // after it.
                    pauseAtEnd()
                    // The item's counters at its end, while libmpv still holds it open.
                    reportStatistics()
                }
            }
            outlet.yield(.property(change))
        case MPV_EVENT_LOG_MESSAGE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee else { return }
            let module = String(cString: data.prefix)
            let text = String(cString: data.text).trimmingCharacters(in: .newlines)
            registry.append(log: "[\(module)] \(text)")
            log.libmpv(
                module: module, level: String(cString: data.level), text: text, item: registry.currentEntry()?.item)
        default:
            break
        }
    }

    /// The change a property event reports (converted now: its C memory lasts until the next wait).
    private func propertyChange(_ event: mpv_event, abLoop: inout ABLoop) -> PropertyChange? {
        guard let property = ObservedProperty(rawValue: event.reply_userdata),
            let data = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee
        else { return nil }
        let value =
            data.format == MPV_FORMAT_NODE
            ? data.data.map { MPVNode($0.assumingMemoryBound(to: mpv_node.self)) } ?? .none : .none
        if property == .demuxerCacheState {
            sampler.cacheStateChanged(value, at: .now)
            // The same notification carries the ranges (returned below) and the flags.
            let flags = BufferFlags(
                reachesEnd: value["eof"].bool ?? false, isIdle: value["idle"].bool ?? false,
                isUnderrun: value["underrun"].bool ?? false)
            outlet.yield(.property(.bufferFlags(flags)))
        }
        return property.change(value, at: .now, abLoop: &abLoop).map {
            Self.markingPlayable($0, codecs: decodableCodecs)
        }
    }

    /// Reports the current item's counters, if an item is open.
    private func reportStatistics() {
        guard registry.currentEntry() != nil else { return }
        outlet.yield(.property(.statistics(sampler.sample(handle))))
    }

    /// Reads properties now and yields their values, instead of waiting for their notifications.
    private func read(_ properties: [ObservedProperty], abLoop: inout ABLoop) {
        for property in properties {
            var node = mpv_node()
            guard mpv_get_property(handle.pointer, property.name, MPV_FORMAT_NODE, &node) >= 0 else { continue }
            let value = MPVNode(&node)
            mpv_free_node_contents(&node)
            if let change = property.change(value, at: .now, abLoop: &abLoop) {
                outlet.yield(.property(Self.markingPlayable(change, codecs: decodableCodecs)))
            }
        }
    }

    /// The libmpv hook run before an item unloads (``unloading(_:)``).
    static let unloadHook = "on_unload"

    /// An item unloads: its counters are reported while libmpv still holds it (an item replaced
    /// or stopped before its end; one kept open at its end reported them there), then libmpv
    /// goes on.
    private func unloading(_ event: mpv_event) {
        guard let hook = event.data?.assumingMemoryBound(to: mpv_event_hook.self).pointee else { return }
        if String(cString: hook.name) == Self.unloadHook, registry.currentEntryID() != nil,
            !registry.isCurrentEndReported()
        {
            reportStatistics()
        }
        mpv_hook_continue(handle.pointer, hook.id)
    }

    /// Reports the end of an item; returns a failure that should wait for its explanation.
    private func endFile(_ data: mpv_event_end_file) -> PendingFailure? {
        let timedOut = registry.takeTimedOut(data.playlist_entry_id)
        let failedEarly = registry.takeFailedEarly(data.playlist_entry_id)
        let (entry, log) = registry.end(entry: data.playlist_entry_id)
        guard let entry, !failedEarly else { return nil }
        if timedOut {
            // The watchdog stopped it: a server that stopped sending while the item opened.
            let error = PlayerError(
                .networkUnreachable, message: "The server stopped sending data before the media could open.",
                engineDetail: log.suffix(3).joined(separator: " | "))
            outlet.yield(.itemEnded(entry.item, .failed(error)))
            return nil
        }
        switch data.reason {
        case MPV_END_FILE_REASON_EOF:
            outlet.yield(.itemEnded(entry.item, .endOfMedia))
        case MPV_END_FILE_REASON_ERROR:
            let failure = PendingFailure(
                entry: entry, code: data.error, log: log, deadline: HostTime.now.advanced(by: Self.explanationGrace))
            if !ErrorClassifier.isExplained(code: data.error, url: entry.url, log: log) { return failure }
            fail(failure)
        case MPV_END_FILE_REASON_REDIRECT:
            // A playlist expanded into entries; they play on behalf of the same request.
            if data.playlist_insert_num_entries > 0 {
                registry.inherit(
                    from: entry, first: data.playlist_insert_id, count: Int(data.playlist_insert_num_entries))
            } else {
                let error = PlayerError(.unsupportedFormat, message: "The playlist holds nothing that may be played.")
                outlet.yield(.itemEnded(entry.item, .failed(error)))
            }
        default:
            outlet.yield(.itemEnded(entry.item, .stopped))
        }
        return nil
    }
}
