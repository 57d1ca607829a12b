import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel probe`, the built executable: text and JSON reports, typed errors, exit codes.
@Suite("reel probe")
struct ProbeCommandTests {
    private func reel(_ arguments: String...) async throws -> ToolOutcome {
        await Tool.run(try BuiltProduct.require("reel"), ["probe"] + arguments)
    }

    /// The few keys of the JSON report these tests read.
    private struct Report: Decodable {
        struct Stream: Decodable {
            var index: Int
            var kind: String
            var codec: String
            var isDecodable: Bool
            var undecodableReason: String?
        }

        var url: String
        var container: String
        var duration: Double?
        var fileSize: Int?
        var playable: Bool
        var unplayableReason: String?
        var streams: [Stream]
    }

    private struct ErrorRecord: Decodable {
        var event: String
        var code: String
        var message: String
        var scheme: String?
    }

    @Test("A playable file: every stream in the text")
    func text() async throws {
        let clip = try await MediaFixtures.url(for: .multiTrack)
        let outcome = try await reel(clip.path)
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let text = outcome.text
        #expect(text.contains("Container: matroska,webm (Matroska / WebM)"))
        #expect(text.contains("Playable:  yes"))
        #expect(text.contains("Streams (5):"))
        #expect(text.contains("#1 audio: aac (LC), 48000 Hz, 1 channel (mono), fltp"))
        #expect(text.contains("language ger, title \"Deutsch\""))
        #expect(text.contains("Chapters (2):"))
        #expect(text.contains("2. 0:03–0:06  Main"))
    }

    @Test("Subtitles only: the full report, a not-playable line, exit 0")
    func notPlayableHere() async throws {
        let file = try await MediaFixtures.url(for: .subtitlesOnlyMatroska)
        let outcome = try await reel(file.path)
        #expect(outcome.status == 0)
        #expect(
            outcome.text.contains("Playable:  no, not playable here: it holds no audio or video stream (only subtitle)")
        )
        #expect(outcome.text.contains("#0 subtitle: subrip, language eng"))
    }

    @Test("--json: the undecodable stream and its reason")
    func json() async throws {
        let file = try await MediaFixtures.url(for: .mpegHAudio)
        let outcome = try await reel(file.path, "--json")
        #expect(outcome.status == 0)
        let report = try JSONDecoder().decode(Report.self, from: outcome.output)
        #expect(report.url == file.path)
        #expect(report.container == "mov,mp4,m4a,3gp,3g2,mj2")
        #expect(report.duration == 2)
        #expect(report.fileSize == (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int))
        #expect(!report.playable)
        #expect(report.streams.map(\.codec) == ["mpegh_3d_audio"])
        #expect(report.streams.first?.isDecodable == false)
        #expect(report.streams.first?.undecodableReason?.hasPrefix("no decoder for mpegh_3d_audio") == true)
    }

    @Test("Not media: exit 1 with a typed error")
    func notMedia() async throws {
        let file = try await MediaFixtures.url(for: .textAsMP4)
        let outcome = try await reel(file.path, "--json")
        #expect(outcome.status == 1)
        let record = try JSONDecoder().decode(ErrorRecord.self, from: outcome.output)
        #expect(record.event == "error" && record.code == "notMedia")
        #expect(outcome.errorOutput.contains("\"notes.mp4\" is not media FFmpeg can read"))
    }

    @Test("A refused scheme: exit 1, nothing opened")
    func refusedScheme() async throws {
        let outcome = try await reel("ytdl://example.com/x", "--json")
        #expect(outcome.status == 1)
        let record = try JSONDecoder().decode(ErrorRecord.self, from: outcome.output)
        #expect(record.code == "refusedScheme" && record.scheme == "ytdl")
    }

    /// libmpv is loaded when first called (CMPV's loader.c), so a probe never loads it: the
    /// dynamic loader's own account (`LD_DEBUG=files`) names every library it opens.
    @Test("reel probe starts without loading libmpv")
    func noLibmpv() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let outcome = await Tool.run(
            try BuiltProduct.require("reel"), ["probe", clip.path], environment: ["LD_DEBUG": "files"])
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput.contains("file=libavformat.so"), "the loader's account is there")
        #expect(!outcome.errorOutput.contains("libmpv"))
    }
}
