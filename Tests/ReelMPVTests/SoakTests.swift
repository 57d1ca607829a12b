import Foundation
import Glibc
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Long lifecycle runs (`make soak`): resources stay flat over many load/stop cycles and many
/// engines created and destroyed. `make test` runs the 200-cycle version in `MPVEngineTests`.
@MainActor
@Suite(
    "Lifecycle soak", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["REEL_SOAK"] == "1", "set REEL_SOAK=1 (make soak)"))
struct SoakTests {
    /// `defaultCount` times `REEL_SOAK_SCALE` (`make soak SOAK_SCALE=0.3`, as CI runs it), or
    /// `REEL_SOAK_CYCLES` for a quick experiment.
    static func cycles(_ defaultCount: Int) -> Int {
        let environment = ProcessInfo.processInfo.environment
        if let cycles = environment["REEL_SOAK_CYCLES"].flatMap({ Int($0) }) { return cycles }
        let scale = environment["REEL_SOAK_SCALE"].flatMap { Double($0) } ?? 1
        return max(10, Int((Double(defaultCount) * scale).rounded()))
    }

    /// With `REEL_SOAK_DIAGNOSTICS=DIR`: this process's `/proc/self/smaps` into `DIR/smaps-LABEL`,
    /// and glibc's `malloc_stats()` (per arena, the bytes held and in use) on stderr, so that a
    /// measurement tells the allocator's retention from live memory.
    static func diagnose(_ label: String) {
        guard let directory = ProcessInfo.processInfo.environment["REEL_SOAK_DIAGNOSTICS"] else { return }
        let smaps = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile()
        try? smaps?.write(to: URL(fileURLWithPath: "\(directory)/smaps-\(label)"))
        FileHandle.standardError.write(Data("malloc_stats \(label):\n".utf8))
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_stats") {
            unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
        }
    }

    private func report(_ name: String, _ before: ProcessResources.Snapshot, _ after: ProcessResources.Snapshot) {
        print("soak \(name): \(before) → \(after)")
    }

    /// Open file descriptors and threads at most 2 more, resident memory (after `malloc_trim`) at
    /// most 2 MiB more.
    private func expectFlat(_ before: ProcessResources.Snapshot, _ after: ProcessResources.Snapshot) {
        #expect(before.bounds(after, megabytes: 2), "\(before) → \(after)")
    }

    private var snapshot: ProcessResources.Snapshot { ProcessResources.snapshot }

    @Test func aThousandLoadStopCyclesStayFlat() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        // Warm up until the process stops starting threads: a cold process (CI's) started two
        // more (libdispatch's workers, each soon with a malloc arena of its own) after 20 cycles,
        // which read as +6 MiB of "growth" with nothing of Reel's kept.
        var threads = -1
        for _ in 0..<5 {
            for _ in 0..<20 { try await loadStopCycle(player, url) }
            let now = snapshot.threads
            if now == threads { break }
            threads = now
        }
        // The first half of the cycles is warm-up too: CI's cold process once started five more
        // threads (and their malloc arenas, +5.5 MiB) after a warm-up whose thread count had held
        // for 20 cycles. A leak grows in both halves; what the second half adds is measured.
        let count = Self.cycles(1000)
        let start = snapshot
        for _ in 0..<count / 2 { try await loadStopCycle(player, url) }
        let before = snapshot
        Self.diagnose("load-stop-before")
        for _ in count / 2..<count { try await loadStopCycle(player, url) }
        let after = snapshot
        report("\(count / 2) + \(count - count / 2) load/stop", start, before)
        report("last \(count - count / 2) load/stop", before, after)
        Self.diagnose("load-stop-after")
        // Measured (#14): +14–23 MiB when every wait's cancelled timeout task lived on to its
        // deadline and glibc's arenas kept ~10 MiB each; now −1.3 to +0.8 MiB.
        expectFlat(before, after)
        await player.shutdown()
    }

    /// A queue of 1 000 entries played through by auto-advance on real libmpv (#14): each item
    /// ends, the prepared next one starts, and the queue's bookkeeping (resume positions, track
    /// choices) and libmpv's playlist stay flat in memory.
    @Test func aThousandQueuedItemsPlayThroughFlat() async throws {
        let url = try await MediaFixtures.url(for: .tenthOfASecond)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        let count = Self.cycles(1000)
        let warmUp = min(100, count / 10)
        try player.setQueue((0..<count).map { MediaItem(url: url, title: "Entry \($0)") })
        // Both snapshots are taken while an item plays: at the end the last item's decoder is
        // closed, between items the next one's is opening.
        try await player.until("entry \(warmUp) playing", timeout: .seconds(120)) {
            ($0.queue.currentIndex ?? 0) >= warmUp && $0.state == .playing
        }
        let before = snapshot
        Self.diagnose("queue-before")
        try await player.until("the last entry playing", timeout: .seconds(Double(count) + 60)) {
            $0.queue.currentIndex == count - 1 && $0.state == .playing
        }
        let after = snapshot
        report("\(count) queued items", before, after)
        Self.diagnose("queue-after")
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        #expect(player.queue.count == count)
        #expect(player.queue.entries.allSatisfy { $0.error == nil })
        expectFlat(before, after)
        await player.shutdown()
    }

    @Test func aHundredEnginesCreatedAndDestroyedStayFlat() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        func lifetime() async throws {
            let player = Player(engine: try MPVEngine(configuration: .headless))
            try player.load(MediaItem(url: url))
            try await player.until(state: .playing, timeout: .seconds(15))
            await player.shutdown()
        }
        // RSS climbs over the first engines (libmpv/FFmpeg's one-time state, the arenas of new
        // threads) and then stays flat; LeakSanitizer (`make sanitize`) finds nothing of Reel's,
        // libmpv's or FFmpeg's. So warm up past the climb.
        for _ in 0..<50 { try await lifetime() }
        let before = snapshot
        Self.diagnose("create-destroy-before")
        let count = Self.cycles(100)
        for _ in 0..<count { try await lifetime() }
        let after = snapshot
        report("\(count) create/destroy", before, after)
        Self.diagnose("create-destroy-after")
        // Measured (#14): +5–17 MiB while glibc's arenas kept a ~10 MiB top chunk each (see
        // `AllocatorPolicy`); now +0.8 MiB. One engine's decoders and caches would be far more.
        expectFlat(before, after)
    }
}
