import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// `reel play` with several items: a queue that advances by itself, skips what fails, starts
/// where asked and ends when the queue does.
@Suite("reel play with several items")
struct ReelPlayQueueTests {
    /// The JSON records `reel play` printed, as dictionaries.
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

    private func started(_ records: [[String: Any]]) -> [String] {
        records.filter { $0["event"] as? String == "itemStarted" }.compactMap { $0["url"] as? String }
    }

    @Test func itemsPlayOneAfterAnotherAndAFailingOneIsSkipped() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let other = try await MediaFixtures.url(for: .rotated)
        let missing = MediaFixtures.missingFile()
        let result = try await play([clip.path, missing.path, other.path])
        #expect(result.status == 0, "\(result.errorText)")
        let records = records(result)
        #expect(started(records) == [clip.absoluteString, missing.absoluteString, other.absoluteString])
        let ends = records.filter { $0["event"] as? String == "itemEnded" }.compactMap { $0["reason"] as? String }
        #expect(ends.first == "endOfMedia")
        #expect(ends.last == "endOfMedia")
        #expect(ends.count == 3, "\(ends)")
        // Paused at the end once: the end of the queue, not of each item.
        let pausedAtEnd = records.filter {
            $0["state"] as? String == "paused" && $0["reason"] as? String == "endOfMedia"
        }
        #expect(pausedAtEnd.count == 1)
    }

    @Test func theTextOutputNamesEachItemAsItStarts() async throws {
        let clip = try await MediaFixtures.url(for: .tenthOfASecond)
        let other = try await MediaFixtures.url(for: .shortClip)
        let reel = try BuiltProduct.require("reel")
        let result = try await Command.run(
            [reel.path, "play", "--headless", "--no-audio", "--no-mpris", clip.path, other.path, clip.path])
        #expect(result.status == 0, "\(result.errorText)")
        let named = result.outputText.split(separator: "\n").filter { $0.hasPrefix("Playing ") }
        let names = [clip, other, clip].map { "Playing \($0.lastPathComponent)" }
        #expect(named.map(String.init) == names, "\(result.outputText)")
    }

    @Test func theStartIndexChoosesTheFirstItemAndABadOneIsAnError() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let other = try await MediaFixtures.url(for: .rotated)
        let result = try await play(["--start-index", "1", clip.path, other.path])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(started(records(result)) == [other.absoluteString])
        let refused = try await play(["--start-index", "2", clip.path, other.path])
        #expect(refused.status == 64)
        #expect(refused.errorText.contains("--start-index must be between 0 and 1"))
    }

    @Test func aPlaylistFilePlaysItsEntriesAndReportsWhatItSkips() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-playlist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let inside = folder.appendingPathComponent("sub/clip one.mp4")
        try FileManager.default.copyItem(at: clip, to: inside)
        let list = folder.appendingPathComponent("list.m3u8")
        try """
        #EXTM3U
        #EXTINF:2,First clip
        sub/clip one.mp4
        gone.mp4
        ytdl://example.com/watch
        #EXTINF:-1,Again
        \(clip.path)
        """.write(to: list, atomically: true, encoding: .utf8)
        let result = try await play([list.path])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(started(records(result)) == [inside.absoluteString, clip.absoluteString])
        #expect(result.errorText.contains("list.m3u8: line 4: gone.mp4"), "\(result.errorText)")
        #expect(result.errorText.contains("ytdl"), "\(result.errorText)")
    }

    /// A folder plays as its media files, each an item of the queue (libmpv alone would play
    /// the whole folder as one item of its own playlist).
    @Test func aFolderPlaysItsMediaFilesAsTheQueue() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("Part 1"), withIntermediateDirectories: true)
        for name in ["b 10.mp4", "b 9.mp4", "Part 1/a.mp4"] {
            try FileManager.default.copyItem(at: clip, to: folder.file(name))
        }
        try Data("not media".utf8).write(to: folder.file("notes.txt"))
        let result = try await play([folder.url.path])
        #expect(result.status == 0, "\(result.errorText)")
        #expect(
            started(records(result)).map { URL(string: $0)?.lastPathComponent ?? $0 } == [
                "b 9.mp4", "b 10.mp4", "a.mp4",
            ])
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let nothing = try await play([empty.url.path])
        #expect(nothing.status == 1)
        #expect(nothing.errorText.contains("holds no media files"), "\(nothing.errorText)")
    }

    @Test func aSubtitleFileIsAddedToTheFirstItem() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        let subtitles = try await MediaFixtures.url(for: .subtitleFile)
        let result = try await play(["--verbose", "--sub-file", subtitles.path, clip.path])
        #expect(result.status == 0, "\(result.errorText)")
        let tracks = records(result).filter { $0["event"] as? String == "tracks" }.last?["tracks"] as? [[String: Any]]
        let external = tracks?.filter { $0["kind"] as? String == "subtitle" && $0["isExternal"] as? Bool == true }
        #expect(external?.count == 1, "\(tracks ?? [])")
        let missing = try await play(["--sub-file", "", clip.path])
        #expect(missing.status == 64)
    }
}
