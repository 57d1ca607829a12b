// What the doc-comment samples use without declaring it (scripts/check-doc-samples.sh): each sample
// becomes a method of `DocSample`, so these members are its `player`, `clip`, `store`, …. Nothing
// here runs; the samples are only type-checked.
import CoreMetrics
import Foundation
import Observation
import Reel
import ReelIsolation
import ReelTesting

@MainActor
struct DocSample {
    var player: Player { fatalError() }
    var pool: FeedPlayerPool { fatalError() }
    var engine: MPVEngine { fatalError() }
    var store: Store<PlayerFeature.State, PlayerFeature.Action> { fatalError() }
    var window: PlayerWindow { fatalError() }
    var windowSize: Size { fatalError() }
    var context: Context { fatalError() }
    var canvas: any Canvas { fatalError() }
    var isolation: Isolation { fatalError() }
    var source: SnapshotSource { fatalError() }
    var provider: LocalThumbnailProvider { fatalError() }
    var model: LoadingModel { fatalError() }
    var clock: ContinuousClock { fatalError() }
    var backend: any MetricsFactory { fatalError() }

    var item: MediaItem { fatalError() }
    var intro: MediaItem { fatalError() }
    var episode1: MediaItem { fatalError() }
    var episode2: MediaItem { fatalError() }
    var clips: [MediaItem] { fatalError() }
    var id: ItemID { fatalError() }

    var clip: URL { fatalError() }
    var clipURL: URL { fatalError() }
    var url: URL { fatalError() }
    var file: URL { fatalError() }
    var address: URL { fatalError() }
    var movie: URL { fatalError() }
    var movieURL: URL { fatalError() }
    var spritesURL: URL { fatalError() }
    var sheetURL: URL { fatalError() }
    var vttURL: URL { fatalError() }
    var text: String { fatalError() }

    var thumbnail: Thumbnail { fatalError() }
    var thumbnails: [Thumbnail] { fatalError() }
    var ranges: [ClosedRange<Double>] { fatalError() }
    var time: Double { fatalError() }
    var now: HostTime { fatalError() }
    var seconds: Double { fatalError() }
    var started: ContinuousClock.Instant { fatalError() }
    var pixels: UnsafeMutableRawPointer { fatalError() }
    var stride: Int { fatalError() }

    func show(_ values: Any...) {}
    func drawVideo(in frame: Rect) {}
    func wakeUp() {}
    func waitForInput(orUntil time: Double?) {}
    nonisolated func wakeRenderThread() {}
    func clickThroughTheControls() async throws {}

    // A parent feature's domain, for the reducer samples written inside one.
    typealias State = ParentFeature.State
    typealias Action = ParentFeature.Action
    func react(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// An observable model whose `state` a sample waits on.
@MainActor @Observable
final class LoadingModel {
    var state = ItemStatus.idle
}

/// A feature that holds the player's, as an app's does.
struct ParentFeature: Reducer {
    struct State: Equatable {
        var player = PlayerFeature.State()
        var log: [Action] = []
    }
    enum Action: Equatable {
        case player(PlayerFeature.Action)
        static let playerCase = ActionCase<Action, PlayerFeature.Action>(
            embed: Action.player, extract: { if case .player(let action) = $0 { action } else { nil } })
    }
    var body: CombineReducers<State, Action> {
        Scope(state: \.player, action: Action.playerCase) { PlayerFeature() }
    }
}

/// The app feature of `Player(store:engine:)`'s sample.
typealias AppFeature = ParentFeature

/// Widgets and services the samples name as an app's own.
final class CommentsWidget: Widget {
    func measure(in context: WidgetContext) -> Size { Size(width: 280, height: 400) }
    func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {}
}
final class MyRichToastWidget: Widget {
    func measure(in context: WidgetContext) -> Size { Size(width: 200, height: 40) }
    func draw(in canvas: any Canvas, frame: Rect, context: WidgetContext) {}
}

/// The result of the `Probe` job in `IsolatedJob`'s sample.
struct ProbeReport: Codable, Sendable {}
