import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play`'s audio output and subtitle options: mpv's names, bad values stop the command.
@Suite("reel play's audio output and subtitle options")
struct ReelPlayOutputTests {
    private func play(_ arguments: [String], sound server: PrivateSoundServer? = nil) async throws -> CommandResult {
        let reel = try BuiltProduct.require("reel")
        var environment = ProcessInfo.processInfo.environment
        if let server { environment["PULSE_SERVER"] = server.address }
        let audio = server == nil ? ["--no-audio"] : []
        return try await Command.run(
            [reel.path, "play", "--headless", "--no-mpris", "--json"] + audio + arguments, environment: environment)
    }

    @Test func badSubtitleValuesStopTheCommandWithUsage() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        for arguments in [
            ["--sub-font-size", "0"], ["--sub-font-size", "big"], ["--sub-color", "red"], ["--sub-pos", "200"],
            ["--secondary-sid", "0"], ["--sub-back-color", "#12345"], ["--audio-device", ""],
        ] {
            let result = try await play(arguments + [clip.path])
            #expect(result.status == 64, "\(arguments): \(result.errorText)")
        }
    }

    @Test func aSecondaryTrackAndAStyleAreShown() async throws {
        let clip = try await MediaFixtures.url(for: .multiTrack)
        let result = try await play([
            "--verbose", "--sub-font-size", "70", "--sub-color", "#FFFF00", "--sub-pos", "90", "--secondary-sid", "2",
            clip.path,
        ])
        #expect(result.status == 0, "\(result.errorText)")
        let records = result.outputText.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let tracks = records.filter { $0["event"] as? String == "tracks" }.last?["tracks"] as? [[String: Any]] ?? []
        let secondary = tracks.filter {
            $0["kind"] as? String == "subtitle" && $0["isSecondarySelected"] as? Bool == true
        }
        #expect(secondary.compactMap { $0["id"] as? Int } == [2], "\(tracks)")
    }

    @Test func anAudioOutputIsChosenByMpvsNameAndAnUnknownOneNamesTheOthers() async throws {
        let server = try await PrivateSoundServer.start(outputs: ["reel_speakers", "reel_headphones"])
        defer { server.stop() }
        let clip = try await MediaFixtures.url(for: .shortClip)
        let unknown = try await play(["--audio-device", "pulse/reel_nowhere", clip.path], sound: server)
        #expect(unknown.status == 64, "\(unknown.errorText)")
        #expect(unknown.errorText.contains("pulse/reel_speakers, pulse/reel_headphones"), "\(unknown.errorText)")
        let chosen = try await play(["--audio-device", "pulse/reel_headphones", clip.path], sound: server)
        #expect(chosen.status == 0, "\(chosen.errorText)")
    }
}
