import CustomDump
import Foundation
import ReelComposable
import ReelCore

// Static release builds (`make bench` links ReelBench, which uses ReelTestSupport, with
// --static-swift-stdlib) have no Testing module.
#if canImport(Testing)
    import Testing
#endif

/// A store for tests that asserts every state change, every action effects send back and every
/// engine command, exhaustively, with a readable diff on mismatch.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: PlayerFeature.State(), reducer: PlayerFeature(clock: clock))
/// await store.send(.controls(.hideRequested)) { $0.controlsVisible = false }
/// await store.send(.transport(.playPauseToggled(reason: .user))) { $0.playback.apply(.sent(.play, reason: .user), at: now) }
/// store.expectCommands(.play)
/// await store.finish()
/// ```
///
/// ## Exhaustivity
/// Sending an action while actions or engine commands are unasserted is a failure, and so is a
/// store whose effects still run at ``finish(timeout:fileID:filePath:line:column:)``.
///
/// ## Engine commands and other dependencies
/// The store's `playbackEngine` dependency is a recorder: the feature's engine commands are
/// recorded, in order, not run, and ``refuse`` scripts refusals (each one's action arrives at
/// once). A test sets any other dependency, or another engine, in `withDependencies`. A feature
/// given its own engine (`PlayerFeature(engine:)`) sends to that engine instead.
///
/// ## Limits
/// Main actor only. Effects run in real tasks: drive their time with a `TestClock`.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
    /// The state as of the last assertion.
    public private(set) var state: State
    /// Answers engine commands: return an error to refuse one (default: accept all).
    public var refuse: (EngineCommand) -> PlayerError? = { _ in nil }

    private var live: State
    private let reducer: (inout State, Action) -> Effect<Action>
    private var runner: EffectRunner<Action>!
    private var received: [(action: Action, state: State)] = []
    private var commands: [EngineCommand] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a test store for `reducer`, whose engine commands it records, with the other
    /// dependencies `prepareDependencies` sets.
    public init<R: Reducer>(
        initialState: State, reducer: R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
    ) where R.State == State, R.Action == Action {
        state = initialState
        live = initialState
        self.reducer = { reducer.reduce(into: &$0, action: $1) }
        var dependencies = DependencyValues()
        dependencies.playbackEngine = CommandRecorder { [weak self] command in
            guard let self else { return nil }
            if let error = self.refuse(command) { return error }
            self.commands.append(command)
            return nil
        }
        prepareDependencies(&dependencies)
        runner = EffectRunner<Action>(
            dependencies: dependencies, deliver: { [weak self] action in self?.deliver(action) })
    }

    /// Sends `action` and asserts the state change: `update` turns the previous state into the
    /// expected one.
    @discardableResult
    public func send(
        _ action: Action, assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StoreTask {
        checkNothingPending(before: "sending \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
        var expected = state
        let effect = reducer(&live, action)
        do {
            try update?(&expected)
        } catch {
            fail("The assertion threw: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
        compare(
            expected, live, after: "sending \(action)", fileID: fileID, filePath: filePath, line: line, column: column)
        state = live
        let tasks = runner.run(effect)
        await Task.megaYield()
        return StoreTaskBox.make(tasks)
    }

    /// Waits for an effect to send `action` and asserts the state change it made.
    public func receive(
        _ action: Action, timeout: Duration = .seconds(30), assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while received.isEmpty, ContinuousClock.now < deadline {
            await waitForDelivery(until: deadline)
        }
        guard !received.isEmpty else {
            fail(
                "Expected to receive \(action), but no action arrived within \(timeout).", fileID: fileID,
                filePath: filePath, line: line, column: column)
            return
        }
        let next = received.removeFirst()
        if next.action != action {
            let difference = diff(action, next.action).map { "\n\($0)" } ?? ""
            fail(
                "Received an unexpected action (− expected, + received):\(difference)", fileID: fileID,
                filePath: filePath, line: line, column: column)
        }
        var expected = state
        do {
            try update?(&expected)
        } catch {
            fail("The assertion threw: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
        }
        compare(
            expected, next.state, after: "receiving \(action)", fileID: fileID, filePath: filePath, line: line,
            column: column)
        state = next.state
    }

    /// Asserts that no effect has sent an action yet (after letting pending work run).
    public func expectNoReceivedActions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await Task.megaYield()
        guard !received.isEmpty else { return }
        fail(
            "Expected no received actions, but effects sent: "
                + received.map { "\($0.action)" }.joined(separator: ", "),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Asserts the engine commands sent since the last check, in order.
    public func expectCommands(
        _ expected: EngineCommand..., fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        if commands != expected {
            let difference = diff(expected, commands).map { "\n\($0)" } ?? ""
            fail(
                "Engine commands differ (− expected, + sent):\(difference)", fileID: fileID, filePath: filePath,
                line: line, column: column)
        }
        commands.removeAll()
    }

    /// Forgets actions and commands not asserted yet (for tests that only care about the end).
    public func skipPending() {
        if let last = received.last { state = last.state }
        received.removeAll()
        commands.removeAll()
    }

    /// Cancels running effects without asserting them.
    public func cancelEffects() async {
        runner.cancelAll()
        await Task.megaYield()
    }

    /// Asserts that nothing is pending and that every effect has finished within `timeout`.
    public func finish(
        timeout: Duration = .seconds(30), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while runner.inFlight > 0, ContinuousClock.now < deadline { await waitForDelivery(until: deadline) }
        if runner.inFlight > 0 {
            fail(
                "\(runner.inFlight) effect(s) still running at the end of the test. Cancel them, or drive them to "
                    + "completion with the test clock.", fileID: fileID, filePath: filePath, line: line, column: column)
            runner.cancelAll()
        }
        checkNothingPending(before: "finishing", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: - Internals

    private func deliver(_ action: Action) {
        let effect = reducer(&live, action)
        received.append((action, live))
        _ = runner.run(effect)
        wakeWaiters()
    }

    private func wakeWaiters() {
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    private func waitForDelivery(until deadline: ContinuousClock.Instant) async {
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wakeWaiters()
        }
        // Effects finishing without sending also matter to `finish`: poll them at a short pace.
        let pulse = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(5))
            self?.wakeWaiters()
        }
        await withCheckedContinuation { waiters.append($0) }
        timer.cancel()
        pulse.cancel()
    }

    private func checkNothingPending(
        before what: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        if !received.isEmpty {
            fail(
                "Must handle \(received.count) received action(s) before \(what): "
                    + received.map { "\($0.action)" }.joined(separator: ", "), fileID: fileID, filePath: filePath,
                line: line, column: column)
        }
        if !commands.isEmpty {
            fail(
                "Must assert \(commands.count) engine command(s) before \(what): "
                    + commands.map { "\($0)" }.joined(separator: ", "), fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
    }

    private func compare(
        _ expected: State, _ actual: State, after what: String, fileID: StaticString, filePath: StaticString,
        line: UInt, column: UInt
    ) {
        guard expected != actual else { return }
        let difference = diff(expected, actual, format: .proportional).map { "\n\($0)" } ?? ""
        fail(
            "State after \(what) differs (− expected, + actual):\(difference)", fileID: fileID, filePath: filePath,
            line: line, column: column)
    }
}

/// The engine a test store gives its feature: it records each command, or refuses it, through
/// the store. Effects send commands synchronously on the main actor, inside the store's `send`.
private final class CommandRecorder: PlaybackEngine {
    private let record: @MainActor @Sendable (EngineCommand) -> PlayerError?

    init(record: @escaping @MainActor @Sendable (EngineCommand) -> PlayerError?) { self.record = record }

    var events: AsyncStream<EngineEvent> { AsyncStream { $0.finish() } }

    func send(_ command: EngineCommand) throws(PlayerError) {
        if let refusal = MainActor.assumeIsolated({ record(command) }) { throw refusal }
    }

    func shutdown() async {}
}

/// Builds the public ``StoreTask`` from runner tasks.
enum StoreTaskBox {
    static func make(_ tasks: [Task<Void, Never>]) -> StoreTask { StoreTask(tasks) }
}

extension Task where Success == Never, Failure == Never {
    /// Yields many times, so work that was just enqueued gets to run.
    static func megaYield(count: Int = 20) async {
        for _ in 0..<count { await Task<Never, Never>.yield() }
    }
}

/// Records a test failure at the caller's source location.
private func fail(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    #if canImport(Testing)
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    #else
        assertionFailure(message, file: filePath, line: line)
    #endif
}
