import ReelArchitecture

/// Where the counter's synchronous effects write: a dependency the tests replace.
struct Journal: Sendable {
    var write: @MainActor @Sendable (String) -> Void
}

/// The journal's key: the live journal writes nowhere.
enum JournalKey: DependencyKey {
    static let liveValue = Journal { _ in }
}

/// A dependency whose live value is not nil, to set it to nil.
enum LimitKey: DependencyKey {
    static let liveValue: Int? = 10
}

extension DependencyValues {
    var journal: Journal {
        get { self[JournalKey.self] }
        set { self[JournalKey.self] = newValue }
    }

    var limit: Int? {
        get { self[LimitKey.self] }
        set { self[LimitKey.self] = newValue }
    }
}

/// What a test's journal received, in order.
@MainActor
final class Entries {
    var values: [String] = []

    var journal: Journal { Journal { [self] entry in values.append(entry) } }
}

/// The counter the runtime's tests drive: no media, only the runtime.
struct Counter: Reducer {
    struct State: Equatable {
        var count = 0
        var limit: Int?
        var ticks = 0
    }

    enum Action: Equatable, Sendable {
        case incrementTapped
        /// Three synchronous effects, the second of which sends `.noted` back.
        case writeThree
        case noted
        /// A synchronous effect that reads the `limit` dependency and sends it back.
        case readLimit
        case limitRead(Int?)
        /// Async work that sends `.incrementTapped`.
        case delayedIncrement
        /// A timer that waits an hour (until cancelled), then ticks; `cancelInFlight` restarts it.
        case timerStarted
        case tick
        case cancelTapped
    }

    static let timer = "timer"

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .incrementTapped:
            state.count += 1
            return .sync { dependencies in
                dependencies.journal.write("count")
                return nil
            }
        case .writeThree:
            return .merge(
                .sync { dependencies in
                    dependencies.journal.write("first")
                    return nil
                },
                .sync { _ in .noted },
                .sync { dependencies in
                    dependencies.journal.write("third")
                    return nil
                })
        case .noted:
            return .sync { dependencies in
                dependencies.journal.write("noted")
                return nil
            }
        case .readLimit:
            return .sync { dependencies in .limitRead(dependencies.limit) }
        case .limitRead(let limit):
            state.limit = limit
            return .none
        case .delayedIncrement:
            return .run { send in await send(.incrementTapped) }
        case .timerStarted:
            return .run { send in
                // Cancelled long before the hour: `send` then drops the tick.
                try? await Task.sleep(for: .seconds(3600))
                await send(.tick)
            }
            .cancellable(id: Self.timer, cancelInFlight: true)
        case .tick:
            state.ticks += 1
            return .none
        case .cancelTapped:
            return .cancel(id: Self.timer)
        }
    }
}

/// Two counters and their total, joined with `Scope`.
struct TwoCounters: Reducer {
    struct State: Equatable {
        var first = Counter.State()
        var second = Counter.State()
        var total = 0
    }

    enum Action: Equatable, Sendable {
        case first(Counter.Action)
        case second(Counter.Action)
    }

    static let first = ActionCase<Action, Counter.Action>(
        embed: Action.first, extract: { if case .first(let action) = $0 { action } else { nil } })
    static let second = ActionCase<Action, Counter.Action>(
        embed: Action.second, extract: { if case .second(let action) = $0 { action } else { nil } })

    var body: CombineReducers<State, Action> {
        Scope(state: \.first, action: Self.first) { Counter() }
        Scope(state: \.second, action: Self.second) { Counter() }
        Reduce { state, _ in
            state.total = state.first.count + state.second.count
            return .none
        }
    }
}
