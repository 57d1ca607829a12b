import Foundation
import ReelComposable
import ReelCore

/// Shows a "Skip intro" button while the intro plays; tapping it seeks to the intro's end.
///
/// ```swift
/// let feature = SkipIntroFeature(fallbackIntro: .init(start: 5, end: 62))  // for items without chapters
/// let store = Store(initialState: SkipIntroFeature.State(), reducer: feature) {
///     $0.playbackEngine = engine
/// }
/// store.bridge(engine.events) { .player(.engine($0)) }
/// store.send(.player(.queue(.loadRequested(item))))
/// // in the view: if store.state.isSkipIntroVisible { Button("Skip intro") { store.send(.skipIntroTapped) } }
/// ```
///
/// The intro is the chapter titled ``introChapterTitle`` up to the next chapter's start (or the
/// end of the item), or ``fallbackIntro`` when the item has no chapters at all. It is known once the
/// item is open. The button shows while the displayed position lies inside the intro (and no scrub
/// is in progress), and hides after the intro or once tapped (until another item is loaded).
public struct SkipIntroFeature: Reducer, Sendable {
    /// A span of the media to skip, in seconds: `start` included, `end` excluded.
    public struct Intro: Equatable, Sendable {
        /// Where the intro starts.
        public var start: TimeInterval
        /// Where the intro ends (where the skip lands).
        public var end: TimeInterval

        /// Creates an intro.
        public init(start: TimeInterval, end: TimeInterval) {
            self.start = start
            self.end = end
        }

        /// Whether `time` lies inside the intro.
        public func contains(_ time: TimeInterval) -> Bool { time >= start && time < end }
    }

    /// The feature's state.
    public struct State: Equatable, Sendable {
        /// The embedded player.
        public var player: PlayerFeature.State
        /// The current item's intro, once the item is open and has one.
        public var intro: Intro?
        /// Whether the user skipped the current item's intro (the button stays hidden).
        public var isIntroSkipped: Bool

        /// Creates the state.
        public init(
            player: PlayerFeature.State = PlayerFeature.State(), intro: Intro? = nil, isIntroSkipped: Bool = false
        ) {
            self.player = player
            self.intro = intro
            self.isIntroSkipped = isIntroSkipped
        }

        /// Whether the "Skip intro" button shows: the displayed position is inside the intro, which
        /// was not skipped yet.
        public var isSkipIntroVisible: Bool {
            guard let intro, !isIntroSkipped, player.scrub == nil else { return false }
            return intro.contains(player.elapsedTime)
        }
    }

    /// What can happen to the feature.
    public enum Action: Equatable, Sendable {
        /// An action of the embedded player.
        case player(PlayerFeature.Action)
        /// The "Skip intro" button was tapped.
        case skipIntroTapped

        /// Where the player's actions sit in this feature's.
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: { .player($0) },
            extract: {
                if case .player(let action) = $0 { action } else { nil }
            })
    }

    /// The embedded player feature.
    public let player: PlayerFeature
    /// The title of the chapter that holds the intro, compared without regard to case.
    public let introChapterTitle: String
    /// The intro of items that have no chapters; nil shows no button for them.
    public let fallbackIntro: Intro?

    /// Creates the feature around `player` (real dependencies by default).
    public init(
        player: PlayerFeature = PlayerFeature(), introChapterTitle: String = "Intro", fallbackIntro: Intro? = nil
    ) {
        self.player = player
        self.introChapterTitle = introChapterTitle
        self.fallbackIntro = fallbackIntro
    }

    /// Runs the player, then reacts to the player's new state.
    public var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: Action.playerCase) { player }
        Reduce(react)
    }

    /// Runs after the player has reduced the action, so it sees the player's new state.
    private func react(_ state: inout State, _ action: Action) -> Effect<Action> {
        switch action {
        case .skipIntroTapped:
            guard state.isSkipIntroVisible, let intro = state.intro else { return .none }
            state.isIntroSkipped = true
            return .send(.player(.transport(.seekRequested(to: intro.end))))
        case .player(let child):
            switch child {
            case .queue(.loadRequested), .transport(.stopRequested): state.isIntroSkipped = false
            default: break
            }
            // Chapters and duration arrive as engine events: follow them.
            state.intro = intro(of: state.player.playback)
            return .none
        }
    }

    /// The intro of the open item, if it has one.
    private func intro(of playback: PlaybackInfo) -> Intro? {
        guard playback.status == .ready || playback.status == .ended else { return nil }
        guard !playback.chapters.isEmpty else { return fallbackIntro }
        let chapters = playback.chapters.sorted { $0.start < $1.start }
        let title = introChapterTitle.lowercased()
        guard let index = chapters.firstIndex(where: { $0.title?.lowercased() == title }) else { return nil }
        let start = chapters[index].start
        let end = index + 1 < chapters.count ? chapters[index + 1].start : playback.duration
        guard let end, end > start else { return nil }
        return Intro(start: start, end: end)
    }
}
