import Foundation
import Reel

/// A vertical feed of short videos in one window, TikTok-style: ↓, the wheel or a drag up shows the
/// next item, ↑ or a drag down the previous one; `q` quits. Three players serve the whole feed
/// (`FeedPlayerPool`): the neighbours wait on their first frame, so a swipe shows a picture at once.
/// Each move prints a JSON line, `{"event":"shown","index":1,"title":"b.mp4"}`, and another when the
/// item plays. Addresses work as files do (`swift run Feed https://…/a.mp4 …`): the pool's
/// preloading policy keeps what the neighbours fetch small. `i` shows the visible player's
/// figures and, below them, the feed's: swipes, swipe to first frame, stalls, failed items. A move
/// steps over an item known to have failed.
@main
@MainActor
struct Feed {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard !arguments.isEmpty else { return print("usage: Feed FILE-OR-URL…") }
        let items = try arguments.map { argument in
            let url = try URLPolicy.standard.resolve(argument)
            return MediaItem(url: url, title: url.lastPathComponent)
        }
        let pool = try FeedPlayerPool(items: items) { () throws(PlayerError) in
            try MPVEngine(configuration: .standard)
        }
        let window = try PlayerWindow(
            player: pool.players[0], options: .init(title: "Feed", size: Size(width: 405, height: 720)))

        func move(_ step: Int) {
            do {
                guard try step > 0 ? pool.moveForward() : pool.moveBack() else { return }
                shown()
            } catch {
                FileHandle.standardError.write(Data("Feed: \(error)\n".utf8))
            }
        }
        func show(_ index: Int) {
            do {
                try pool.show(index: index)
                shown()
            } catch {
                FileHandle.standardError.write(Data("Feed: \(error)\n".utf8))
            }
        }
        func shown() {
            do {
                guard let index = pool.visibleIndex, let player = pool.visiblePlayer else { return }
                try window.show(player)
                let title = pool.items[index].title ?? ""
                window.title = "Feed \(index + 1)/\(pool.items.count): \(title)"
                report("shown", index, title)
                Task {
                    guard await player.wait(timeout: .seconds(30), until: { $0.playerState == .playing }),
                        pool.visibleIndex == index
                    else { return }
                    report("playing", index, title)
                }
            } catch {
                FileHandle.standardError.write(Data("Feed: \(error)\n".utf8))
            }
        }

        // Every player gets the feed's keys and gestures; the controls keep the rest.
        for player in pool.players {
            try player.setRepeatMode(.one)
            let controls = try window.prepare(player)
            let statistics = controls?.overlays.lazy.compactMap { $0 as? StatisticsOverlay }.first
            statistics?.additionalLines = { feedLines(pool) }
            controls?.eventHook = { event in
                switch event {
                case .keyDown(.down, [], _): move(1)
                case .keyDown(.up, [], _): move(-1)
                case .scroll(_, let dy, _, _) where dy != 0: move(dy > 0 ? 1 : -1)
                default: return false
                }
                return true
            }
            controls?.gestures.onGesture = { gesture, _ in
                switch gesture {
                case .dragBegan(.vertical, _), .dragChanged(.vertical, _, _): return true
                case .dragEnded(.vertical, let start, let end):
                    move(end.y < start.y ? 1 : -1)
                    return true
                default: return false
                }
            }
        }
        show(0)
        await window.run()
        await pool.shutdown()
    }

    /// The feed's figures for the `i` overlay, below the visible player's.
    static func feedLines(_ pool: FeedPlayerPool) -> [String] {
        let figures = pool.statistics
        func milliseconds(_ seconds: TimeInterval?) -> String {
            seconds.map { String(format: "%.0f ms", $0 * 1000) } ?? "–"
        }
        let position = pool.visibleIndex.map { "\($0 + 1)/\(pool.items.count)" } ?? "–"
        return [
            "Feed   item \(position) · \(figures.swipeCount) swipes (\(figures.preloadedSwipeCount) preloaded)"
                + " · \(pool.failedItems.count) failed",
            "Swipe  first frame p50 \(milliseconds(figures.timeToFirstFrame(percentile: 0.5)))"
                + " · p95 \(milliseconds(figures.timeToFirstFrame(percentile: 0.95)))"
                + String(format: " · %.1f stalls per 100", figures.stallsPer100Swipes),
        ]
    }

    /// Prints one JSON line at once (standard output is a pipe's buffer otherwise).
    static func report(_ event: String, _ index: Int, _ title: String) {
        let line = try? JSONSerialization.data(
            withJSONObject: ["event": event, "index": index, "title": title], options: [.sortedKeys])
        FileHandle.standardOutput.write((line ?? Data()) + Data("\n".utf8))
    }
}
