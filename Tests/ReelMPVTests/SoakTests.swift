import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTesting
import Testing

/// Long lifecycle runs (`make soak`): resources stay flat over many load/stop cycles and many
/// engines created and destroyed. `make test` runs the 200-cycle version in `MPVEngineTests`.
@MainActor
@Suite(
    "Lifecycle soak", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["REEL_SOAK"] == "1", "set REEL_SOAK=1 (make soak)"))
struct SoakTests {
    /// Resident memory of this process in MiB, from /proc.
    static var residentMebibytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1024
    }

    private func report(_ name: String, _ before: (Int, Int, Double), _ after: (Int, Int, Double)) {
        print(
            "soak \(name): fds \(before.0) → \(after.0), threads \(before.1) → \(after.1), "
                + String(format: "RSS %.1f → %.1f MiB", before.2, after.2))
    }

    private var snapshot: (Int, Int, Double) {
        (ProcessResources.openFileDescriptors, ProcessResources.threads, Self.residentMebibytes)
    }

    @Test func aThousandLoadStopCyclesStayFlat() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        let player = Player(engine: try MPVEngine(configuration: .headless))
        for _ in 0..<20 { try await loadStopCycle(player, url) }
        let before = snapshot
        for _ in 0..<1000 { try await loadStopCycle(player, url) }
        let after = snapshot
        report("1000 load/stop", before, after)
        #expect(after.0 <= before.0 + 2)
        #expect(after.1 <= before.1 + 2)
        // Allocator noise, not a leak: a leak of one decoder per cycle would be hundreds of MiB.
        #expect(after.2 <= before.2 + 32)
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
        for _ in 0..<5 { try await lifetime() }
        let before = snapshot
        for _ in 0..<100 { try await lifetime() }
        let after = snapshot
        report("100 create/destroy", before, after)
        #expect(after.0 <= before.0 + 2)
        #expect(after.1 <= before.1 + 2)
        // NB: measured 168 → 213 MiB (about 0.45 MiB per engine) while descriptors and threads
        // stay flat; whether libmpv/libass caches, the allocator or a leak of ours is not known yet.
        withKnownIssue("RSS grows about 0.45 MiB per engine created and destroyed (issue #6)") {
            #expect(after.2 <= before.2 + 32)
        }
    }
}
