import ReelComposable
import ReelCore
import ReelExamples
import ReelTesting

/// A parent feature's state that embeds the player's.
protocol PlayerHostState: Equatable {
    /// The embedded player.
    var player: PlayerFeature.State { get set }
}

/// A parent feature's action that embeds the player's.
protocol PlayerHostAction: Equatable, Sendable {
    /// Wraps a player action.
    static func player(_ action: PlayerFeature.Action) -> Self
}

extension AutoReplayFeature.State: PlayerHostState {}
extension AutoReplayFeature.Action: PlayerHostAction {}
extension SkipIntroFeature.State: PlayerHostState {}
extension SkipIntroFeature.Action: PlayerHostAction {}
extension ResumePositionFeature.State: PlayerHostState {}
extension ResumePositionFeature.Action: PlayerHostAction {}
extension PlayWhenBufferedFeature.State: PlayerHostState {}
extension PlayWhenBufferedFeature.Action: PlayerHostAction {}
extension RetryFeature.State: PlayerHostState {}
extension RetryFeature.Action: PlayerHostAction {}

/// Engine answers for parent features, asserting the player's part of every step.
extension TestStore where State: PlayerHostState, Action: PlayerHostAction {
    /// Sends an engine event at host time `time`, expecting its playback change plus `update`.
    func engine(
        _ event: EngineEvent, at time: HostTime, assert update: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await send(
            .player(.engine(event)),
            assert: {
                $0.player.playback.apply(.received(event), at: time)
                // An item that opens ends the queue's run of failures.
                if case .itemLoaded = event { $0.player.queue.noteSuccess() }
                update?(&$0)
            }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers a load like an engine: the item starts, opens with `duration` and `properties`, and
    /// shows its first frame. `update` adds the parent's expected changes for each event.
    func open(
        _ id: ItemID, duration: Double?, properties: [PropertyChange] = [], at time: HostTime,
        assert update: ((EngineEvent, inout State) -> Void)? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        var events: [EngineEvent] = [.itemStarted(id), .property(.duration(duration))]
        events += properties.map { .property($0) }
        events += [.itemLoaded(id), .playbackRestarted]
        for event in events {
            await engine(
                event, at: time, assert: { update?(event, &$0) }, fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
    }

    /// Pauses, which stops the player's ticker, then finishes the test.
    /// `update` adds the parent's expected changes.
    func pauseAndFinish(
        at time: HostTime, assert update: ((inout State) -> Void)? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await send(
            .player(.transport(.pauseRequested())),
            assert: {
                $0.player.playback.apply(.sent(.pause, reason: .user), at: time)
                $0.player.elapsedTime = $0.player.playback.position(at: time)
                update?(&$0)
            }, fileID: fileID, filePath: filePath, line: line, column: column)
        expectCommands(.pause, fileID: fileID, filePath: filePath, line: line, column: column)
        await finish(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
