import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play --allow-scheme`: live sources beyond HTTP are refused unless asked for, and a
/// scheme that is no scheme, or is never allowed, stops the command before anything plays.
@Suite("reel play --allow-scheme")
struct ReelPlaySchemeTests {
    private func play(_ arguments: [String]) async throws -> CommandResult {
        let reel = try BuiltProduct.require("reel")
        return try await Command.run(
            [reel.path, "play", "--headless", "--no-audio", "--no-mpris", "--json"] + arguments)
    }

    private func errorCodes(_ result: CommandResult) -> [String] {
        result.outputText.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["code"] as? String
        }
    }

    @Test func badSchemesStopBeforeAnythingPlays() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let forbidden = try await play(["--allow-scheme", "lavfi", clip.path])
        #expect(forbidden.status == 64)
        #expect(forbidden.errorText.contains("\"lavfi\" is never allowed"), "\(forbidden.errorText)")
        #expect(forbidden.outputText.isEmpty)
        let malformed = try await play(["--allow-scheme", "rtsp://x", clip.path])
        #expect(malformed.status == 64)
        #expect(malformed.errorText.contains("is not a URL scheme"), "\(malformed.errorText)")
    }

    /// Nothing listens on port 1: refused by the policy without the option, tried (and
    /// unreachable) with it.
    @Test func aLiveSchemeIsRefusedUnlessAllowed() async throws {
        let refused = try await play(["rtmp://127.0.0.1:1/live/x"])
        #expect(refused.status == 1)
        #expect(errorCodes(refused).contains("refusedScheme"), "\(refused.outputText)")
        let allowed = try await play(["--allow-scheme", "RTMP", "rtmp://127.0.0.1:1/live/x"])
        #expect(allowed.status == 1)
        #expect(!errorCodes(allowed).contains("refusedScheme"), "\(allowed.outputText)")
        #expect(errorCodes(allowed).contains("networkUnreachable"), "\(allowed.outputText)")
    }
}
