import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel demo`, what `make run` plays: `--generate-only` makes the clip and prints its path alone,
/// so scripts (`make screenshots`) can take it from standard output.
@Suite("reel demo")
struct ReelDemoTests {
    @Test func generateOnlyPrintsThePathAloneEvenWhileItGenerates() async throws {
        let reel = try BuiltProduct.require("reel")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("reel-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = ProcessInfo.processInfo.environment
        environment["REEL_CACHE_DIR"] = cache.path
        let made = try await Command.run([reel.path, "demo", "--generate-only"], environment: environment)
        #expect(made.status == 0, "\(made.errorText)")
        let path = made.outputText
        #expect(path.hasPrefix(cache.path) && path.hasSuffix(".mkv"), "standard output: \(path)")
        #expect(made.errorText.contains("Generating the demo clip"))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect((size ?? 0) > 100_000)
        // Cached: nothing to announce, the same path.
        let again = try await Command.run([reel.path, "demo", "--generate-only"], environment: environment)
        #expect(again.outputText == path)
        #expect(again.errorText.isEmpty, "\(again.errorText)")
    }
}
