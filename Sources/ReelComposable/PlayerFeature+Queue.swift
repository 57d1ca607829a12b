import Foundation
import ReelCore

extension PlayerFeature {
    /// The queue entry the engine prepares to play next, and the request it was given.
    public struct PreparedNext: Equatable, Sendable {
        /// The entry.
        public var entry: QueueEntryID
        /// The request the engine holds for it.
        public var request: LoadRequest

        /// Creates a record (tests build the state they expect with it).
        public init(entry: QueueEntryID, request: LoadRequest) {
            self.entry = entry
            self.request = request
        }
    }

    /// What can be asked of the queue (``State/queue``): open an item, edit the queue, move
    /// through it (``Action/queue(_:)``).
    public enum QueueAction: Equatable, Sendable {
        /// Open an item, for a reason (a remote control's address, …): a queue of one.
        case loadRequested(MediaItem, autoplay: Bool = true, reason: IntentReason = .user)
        /// Replace the queue with `items` and open the one at `startIndex`.
        case replaceRequested([MediaItem], startIndex: Int = 0, autoplay: Bool = true)
        /// Add items at the end.
        case appendRequested([MediaItem])
        /// Add items before the index.
        case insertRequested([MediaItem], at: Int)
        /// Remove the item at the index; removing the current one opens the one after it.
        case removeRequested(at: Int)
        /// Move the item at `from` so that it ends at `to`.
        case moveRequested(from: Int, to: Int)
        /// Empty the queue and stop.
        case clearRequested
        /// Open the item at the index.
        case jumpRequested(to: Int)
        /// Open the next item in play order (wrapping when the queue repeats).
        case nextRequested
        /// Restart the current item when it played past ``PlayerFeature/restartThreshold``;
        /// otherwise open the previous one (or restart the first).
        case previousRequested
        /// What repeats was changed.
        case repeatModeChanged(RepeatMode)
        /// Shuffling was turned on (with the seed, or a random one) or off (the order comes back).
        case shuffleChanged(Bool, seed: UInt64? = nil)
    }

    /// How far into an item ``QueueAction/previousRequested`` restarts it instead of going back (3 s, as
    /// players do).
    public static let restartThreshold: TimeInterval = 3

    /// The queue child: ``Action/queue(_:)``, and the moves the
    /// engine's events cause (an entry opened, ended, or the prepared one adopted).
    ///
    /// It reduces the feature's whole state, not a part of it: every move opens an item through
    /// the playback state (where the load is recorded) and reads where the current one was
    /// left. It owns ``State/queue`` and ``State/preparedNext``; it writes nothing else but the
    /// commands it records.
    struct QueueFeature: Reducer {
        typealias State = PlayerFeature.State
        typealias Action = PlayerFeature.Action

        let feature: PlayerFeature

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            guard case .queue(let action) = action else { return .none }
            return edit(action, in: &state)
        }

        private func edit(_ action: QueueAction, in state: inout State) -> Effect<Action> {
            switch action {
            case .loadRequested(let item, let autoplay, let reason):
                state.liveReloads = LiveReloads()
                return replace(with: [item], startIndex: 0, autoplay: autoplay, reason: reason, in: &state)
            case .replaceRequested(let items, let startIndex, let autoplay):
                return replace(with: items, startIndex: startIndex, autoplay: autoplay, reason: .user, in: &state)
            case .appendRequested(let items):
                state.queue.append(items)
                return .none
            case .insertRequested(let items, let index):
                state.queue.insert(items, at: index)
                return .none
            case .removeRequested(let index):
                guard state.queue.entries.indices.contains(index) else { return .none }
                let removed = state.queue.entries[index].id
                guard removed == state.queue.currentID else {
                    state.queue.remove(at: index)
                    return .none
                }
                let following = state.queue.entry(after: removed, wrapping: state.queue.repeatsAll)
                state.queue.remove(at: index)
                guard let following, following.id != removed else { return feature.command(.stop, in: &state) }
                return open(following, autoplay: state.playback.intent.playWhenReady, in: &state)
            case .moveRequested(let source, let destination):
                state.queue.move(from: source, to: destination)
                return .none
            case .clearRequested:
                state.queue.removeAll()
                state.preparedNext = nil
                return feature.command(.stop, in: &state)
            case .jumpRequested(let index):
                guard state.queue.entries.indices.contains(index) else { return .none }
                leaveCurrent(in: &state)
                return open(state.queue.entries[index], autoplay: true, in: &state)
            case .nextRequested:
                guard let next = state.queue.entry(after: state.queue.currentID, wrapping: state.queue.repeatsAll),
                    next.id != state.queue.currentID
                else { return .none }
                leaveCurrent(in: &state)
                if let prepared = state.preparedNext, prepared.entry == next.id {
                    // What the engine prepared plays at once.
                    adopt(prepared, ended: false, in: &state)
                    return .merge(
                        feature.engineEffect(.playPrepared),
                        feature.command(.play, in: &state))
                }
                return open(next, autoplay: true, in: &state)
            case .previousRequested:
                let restart = feature.command(.seek(.absolute(0), precision: .keyframe), in: &state)
                guard state.elapsedTime <= PlayerFeature.restartThreshold,
                    let previous = state.queue.entry(before: state.queue.currentID, wrapping: state.queue.repeatsAll),
                    previous.id != state.queue.currentID
                else {
                    guard state.playback.status == .ended else { return restart }
                    return .merge(restart, feature.command(.play, in: &state))
                }
                leaveCurrent(in: &state)
                return open(previous, autoplay: true, in: &state)
            case .repeatModeChanged(let mode):
                state.queue.repeatsAll = mode == .all
                let loop: LoopMode = mode == .one ? .item : .off
                return state.playback.loop == loop ? .none : feature.command(.setLoop(loop), in: &state)
            case .shuffleChanged(let on, let seed):
                if on {
                    state.queue.shuffle(seed: seed ?? feature.makeShuffleSeed())
                } else {
                    state.queue.unshuffle()
                }
                return .none
            }
        }

        /// Replaces the queue with `items` (keeping whether it repeats) and opens the one at
        /// `startIndex`.
        private func replace(
            with items: [MediaItem], startIndex: Int, autoplay: Bool, reason: IntentReason, in state: inout State
        ) -> Effect<Action> {
            let repeatsAll = state.queue.repeatsAll
            state.queue = PlayQueue(items)
            state.queue.repeatsAll = repeatsAll
            guard state.queue.entries.indices.contains(startIndex) else {
                return state.queue.isEmpty ? feature.command(.stop, reason: reason, in: &state) : .none
            }
            return open(state.queue.entries[startIndex], autoplay: autoplay, reason: reason, in: &state)
        }

        /// Opens `entry` (where it was left, with the tracks chosen for it) and makes it current.
        func open(
            _ entry: PlayQueue.Entry, autoplay: Bool, reason: IntentReason = .user, in state: inout State
        ) -> Effect<Action> {
            state.queue.makeCurrent(entry.id)
            // A load empties what the engine had queued.
            state.preparedNext = nil
            return feature.command(.load(request(for: entry, autoplay: autoplay)), reason: reason, in: &state)
        }

        /// The request that opens `entry` where it was left.
        private func request(for entry: PlayQueue.Entry, autoplay: Bool) -> LoadRequest {
            var item = entry.item
            if let resume = entry.resumePosition { item.startPosition = resume }
            return LoadRequest(item: item, autoplay: autoplay, id: feature.makeItemID())
        }

        /// The engine moved (or is told to move) to the entry it had prepared: it is current, and
        /// loading. The entry left is forgotten where it was when it `ended`.
        func adopt(_ prepared: PreparedNext, ended: Bool = true, in state: inout State) {
            if ended, let current = state.queue.currentID {
                state.queue.update(current) { $0.resumePosition = nil }
                state.queue.noteSuccess()
            }
            state.queue.makeCurrent(prepared.entry)
            state.preparedNext = nil
            PlaybackReducer.reduce(
                &state.playback, .sent(.load(prepared.request), reason: state.playback.intent.reason), at: feature.now()
            )
        }

        /// The entry the engine should hold prepared: the one that follows the current one,
        /// once the current one is ready. The feature compares it with ``State/preparedNext``
        /// after every action, without making the child (the hot path of engine events).
        static func wantedNext(in state: State) -> PlayQueue.Entry? {
            // A live stream never reaches an end the next item could follow: it is reloaded instead.
            guard state.playback.status == .ready, !state.playback.isLive, state.repeatMode != .one,
                let current = state.queue.currentID
            else { return nil }
            return state.queue.entry(after: current, wrapping: state.queue.repeatsAll)
        }

        /// Asks the engine to prepare `wanted` (``wantedNext(in:)``), or nothing, when the queue
        /// changed what follows.
        func prepare(_ wanted: PlayQueue.Entry?, in state: inout State) -> Effect<Action> {
            guard wanted?.id != state.preparedNext?.entry else { return .none }
            guard let wanted else {
                state.preparedNext = nil
                return feature.engineEffect(.prepareNext(nil))
            }
            let request = request(for: wanted, autoplay: true)
            state.preparedNext = PreparedNext(entry: wanted.id, request: request)
            return feature.engineEffect(.prepareNext(request))
        }

        /// Remembers, for the current entry, where it was left and which tracks were chosen.
        func leaveCurrent(in state: inout State) {
            guard let id = state.queue.currentID, state.playback.item != nil else { return }
            let playback = state.playback
            let position = state.elapsedTime
            state.queue.update(id) { entry in
                switch playback.status {
                case .ready, .loading:
                    entry.resumePosition = position > 0 ? position : entry.resumePosition
                case .ended:
                    entry.resumePosition = nil
                default:
                    break
                }
                if playback.status == .ready {
                    entry.selectedTracks = PlayQueue.TrackSelection(
                        audio: playback.selectedTrack(.audio)?.id, subtitle: playback.selectedTrack(.subtitle)?.id)
                }
            }
        }

        /// The current entry opened: the failures in a row are over, and its chosen tracks return.
        func entryOpened(in state: inout State) -> Effect<Action> {
            state.queue.noteSuccess()
            guard let tracks = state.queue.current?.selectedTracks else { return .none }
            var effects: [Effect<Action>] = []
            if tracks.audio != state.playback.selectedTrack(.audio)?.id {
                effects.append(feature.command(.selectTrack(.audio, id: tracks.audio), in: &state))
            }
            if tracks.subtitle != state.playback.selectedTrack(.subtitle)?.id {
                effects.append(feature.command(.selectTrack(.subtitle, id: tracks.subtitle), in: &state))
            }
            return .merge(effects)
        }

        /// The current entry ended: at its end the next one opens (the item ended with
        /// ``/ReelCore/PauseReason/endOfMedia``, then the next one is loading); a failed entry is
        /// skipped, until every entry has failed in a row.
        func entryEnded(_ reason: EndReason, in state: inout State) -> Effect<Action> {
            guard let current = state.queue.currentID else { return .none }
            switch reason {
            case .stopped:
                return .none
            case .endOfMedia:
                state.queue.update(current) { $0.resumePosition = nil }
                state.queue.noteSuccess()
            case .failed(let error):
                if state.queue.noteFailure(error) { return .none }
            }
            guard let next = state.queue.entry(after: current, wrapping: state.queue.repeatsAll) else { return .none }
            // A queue of one that repeats opens its item again.
            return open(next, autoplay: true, in: &state)
        }
    }
}
