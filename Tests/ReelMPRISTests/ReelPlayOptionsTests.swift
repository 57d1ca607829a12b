import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play`'s settings named as mpv names them: a clip with `--start`/`--end`, `--speed`,
/// `--volume`, `--mute`, track languages and buffering; bad values are usage
/// errors (64) before anything plays. One `reel` at a time: fifteen at once starve the other
/// suites' tasks on a two-core machine.
@Suite("reel play options", .serialized)
struct ReelPlayOptionsTests {
    private func records(_ result: CommandResult) -> [[String: Any]] {
        result.outputText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    private func play(_ arguments: [String]) async throws -> CommandResult {
        let reel = try BuiltProduct.require("reel")
        return try await Command.run(
            [reel.path, "play", "--headless", "--no-audio", "--no-mpris", "--json"] + arguments)
    }

    private func states(_ result: CommandResult) -> [[String: Any]] {
        records(result).filter { $0["event"] as? String == "state" }
    }

    @Test func startAndEndPlayAClipWhoseTimelineIsTheClip() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let result = try await play(["--start", "0:03", "--end", "4.5", clip.path])
        #expect(result.status == 0, "\(result.errorText)")
        let end = try #require(states(result).last)
        #expect(end["reason"] as? String == "endOfMedia")
        let duration = try #require(end["duration"] as? Double)
        #expect(abs(duration - 1.5) < 0.05, "\(end)")
        #expect(abs((end["position"] as? Double ?? 0) - 1.5) < 0.05, "\(end)")
    }

    @Test func speedVolumeAndMuteReachThePlayer() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let result = try await play(["--speed", "2", "--volume", "50", "--mute", clip.path])
        #expect(result.status == 0, "\(result.errorText)")
        let playing = try #require(states(result).first { $0["state"] as? String == "playing" })
        #expect(playing["speed"] as? Double == 2, "\(playing)")
        #expect(playing["volume"] as? Double == 0.5, "\(playing)")
        #expect(playing["muted"] as? Bool == true, "\(playing)")
    }

    @Test func languagesChooseTheTracks() async throws {
        let clip = try await MediaFixtures.url(for: .multiTrack)
        func selected(_ arguments: [String]) async throws -> [String: String] {
            let result = try await play(["--verbose", "--end", "0.5"] + arguments + [clip.path])
            #expect(result.status == 0, "\(result.errorText)")
            let tracks =
                records(result).filter { $0["event"] as? String == "tracks" }.last?["tracks"] as? [[String: Any]] ?? []
            var chosen: [String: String] = [:]
            for track in tracks where track["isSelected"] as? Bool == true {
                chosen[track["kind"] as? String ?? "?"] = track["language"] as? String
            }
            return chosen
        }
        let german = try await selected(["--audio-lang", "de,ger", "--sub-lang", "fr,ger"])
        #expect(german["audio"] == "ger", "\(german)")
        #expect(german["subtitle"] == "ger", "\(german)")
        let english = try await selected(["--audio-lang", "eng", "--sub-lang", "eng"])
        #expect(english["audio"] == "eng", "\(english)")
        #expect(english["subtitle"] == "eng", "\(english)")
    }

    @Test(arguments: [
        ["--start", "5", "--end", "5"], ["--end", "0"], ["--end", "1:00", "--start", "2:00"], ["--end", "soon"],
        ["--speed", "0"], ["--speed", "101"], ["--volume", "131"], ["--volume", "-1"], ["--audio-lang", "e n"],
        ["--sub-lang", "en;de"], ["--cache-secs", "0"], ["--cache-pause-wait", "-1"], ["--network-timeout", "0"],
        ["--cache-pause-initial", "--no-cache-pause"], ["--allow-scheme", "-x"],
    ])
    func badValuesAreUsageErrorsBeforeAnythingPlays(_ arguments: [String]) async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let result = try await play(arguments + [clip.path])
        #expect(result.status == 64, "\(arguments): \(result.errorText)")
        #expect(!records(result).contains { $0["event"] as? String == "itemStarted" })
    }

    @Test func bufferingOptionsAreAccepted() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let result = try await play([
            "--cache-secs", "5", "--cache-pause-wait", "2", "--cache-pause-initial", "--network-timeout", "9",
            "--reconnect", clip.path,
        ])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(states(result).last?["reason"] as? String == "endOfMedia")
    }
}
