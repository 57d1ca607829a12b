import Foundation
import Glibc
import ReelTestSupport
import ReelTesting
import Testing

@Suite("MediaFixtures")
struct MediaFixturesTests {
    @Test("shortClip: 2 s of 320x240 30 fps H.264 and AAC, index first")
    func shortClip() async throws {
        let url = try await MediaFixtures.url(for: .shortClip)
        #expect(url.lastPathComponent == "short.mp4")
        let probe = await FFprobe.probe(url)
        let report = try #require(probe.report, "ffprobe failed: \(probe.standardError)")
        let video = try #require(report.streams("video").first)
        #expect(report.streams("video").count == 1)
        #expect(video.codecName == "h264")
        #expect(video.width == 320 && video.height == 240)
        #expect(video.rFrameRate == "30/1")
        #expect(video.pixFmt == "yuv420p")
        #expect(report.streams("audio").map(\.codecName) == ["aac"])
        #expect(abs((report.duration ?? 0) - 2) < 0.2)
        #expect(report.format?.formatName.contains("mp4") == true)
        let boxes = try topLevelBoxes(url)
        #expect(try #require(boxes.firstIndex(of: "moov")) < (try #require(boxes.firstIndex(of: "mdat"))))
        #expect(await FFprobe.keyframeTimes(url).count == 4)
    }

    @Test("multiTrack: 2 audio and 2 subtitle tracks with languages, 2 chapters, keyframes every 0.5 s")
    func multiTrack() async throws {
        let url = try await MediaFixtures.url(for: .multiTrack)
        let probe = await FFprobe.probe(url)
        let report = try #require(probe.report, "ffprobe failed: \(probe.standardError)")
        #expect(report.format?.formatName.hasPrefix("matroska") == true)
        #expect(abs((report.duration ?? 0) - 6) < 0.2)
        #expect(report.streams("video").map(\.codecName) == ["h264"])

        let audio = report.streams("audio")
        #expect(audio.map(\.codecName) == ["aac", "aac"])
        #expect(audio.map { $0.tags?["language"] } == ["eng", "ger"])
        #expect(audio.map { $0.tags?["title"] } == ["English", "Deutsch"])

        let subtitles = report.streams("subtitle")
        #expect(subtitles.map(\.codecName) == ["subrip", "subrip"])
        #expect(subtitles.map { $0.tags?["language"] } == ["eng", "ger"])

        let chapters = report.chapters ?? []
        #expect(chapters.map { Double($0.startTime) } == [0, 3])
        #expect(chapters.map { $0.tags?["title"] } == ["Intro", "Main"])

        let keyframes = await FFprobe.keyframeTimes(url)
        #expect(keyframes.count == 12)
        let gaps = zip(keyframes.dropFirst(), keyframes).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - 0.5) < 0.01 }, "keyframe gaps: \(gaps)")
    }

    @Test("tenSecondClip: 10 s with a keyframe every second, index first")
    func tenSecondClip() async throws {
        let url = try await MediaFixtures.url(for: .tenSecondClip)
        let probe = await FFprobe.probe(url)
        let report = try #require(probe.report, "ffprobe failed: \(probe.standardError)")
        #expect(abs((report.duration ?? 0) - 10) < 0.2)
        #expect(report.streams("video").map(\.codecName) == ["h264"])
        #expect(report.streams("audio").map(\.codecName) == ["aac"])
        #expect(await FFprobe.keyframeTimes(url) == (0..<10).map(Double.init))
        let boxes = try topLevelBoxes(url)
        #expect(try #require(boxes.firstIndex(of: "moov")) < (try #require(boxes.firstIndex(of: "mdat"))))
    }

    @Test("subtitleFile: a SubRip file with two cues")
    func subtitleFile() async throws {
        let url = try await MediaFixtures.url(for: .subtitleFile)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(url.pathExtension == "srt")
        #expect(text.components(separatedBy: " --> ").count - 1 == 2)
        #expect(text.contains("First cue") && text.contains("Second cue"))
        #expect(await FFprobe.probe(url).report?.streams("subtitle").map(\.codecName) == ["subrip"])
    }

    @Test("broken files are refused by ffprobe", arguments: [Fixture.zeroBytes, .truncated, .textAsMP4])
    func brokenFixture(_ fixture: Fixture) async throws {
        let url = try await MediaFixtures.url(for: fixture)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        switch fixture {
        case .zeroBytes:
            #expect(url.lastPathComponent == "zero.mp4")
            #expect(size == 0)
        case .textAsMP4:
            #expect(url.lastPathComponent == "notes.mp4")
            #expect(String(data: try Data(contentsOf: url), encoding: .utf8) != nil)
        default:
            #expect(size > 50_000)
            let boxes = try topLevelBoxes(url)
            #expect(boxes.contains("mdat") && !boxes.contains("moov"), "boxes: \(boxes)")
        }
        let probe = await FFprobe.probe(url)
        #expect(probe.status != 0)
        #expect(probe.standardError.contains("Invalid data"))
    }

    @Test("missingFile is inside the cache directory and does not exist")
    func missingFile() {
        let first = MediaFixtures.missingFile()
        #expect(first.deletingLastPathComponent().standardizedFileURL == MediaFixtures.shared.directory)
        #expect(!FileManager.default.fileExists(atPath: first.path))
        #expect(first != MediaFixtures.missingFile())
    }

    @Test("the default cache is .build/reel-media in the package root, unless REEL_MEDIA_DIR is set")
    func defaultDirectory() {
        let directory = MediaFixtures.defaultDirectory
        if let override = ProcessInfo.processInfo.environment["REEL_MEDIA_DIR"], !override.isEmpty {
            #expect(directory.path == URL(fileURLWithPath: override).path)
        } else {
            #expect(directory.path.hasSuffix("/.build/reel-media"))
            let root = directory.deletingLastPathComponent().deletingLastPathComponent()
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        }
    }

    @Test("concurrent requests for one file run ffmpeg once and leave no temporary files")
    func concurrentGeneration() async throws {
        try await withTemporaryDirectory { directory in
            let counter = directory.appendingPathComponent("ffmpeg-runs")
            let ffmpeg = try writeScript(
                in: directory, named: "counting-ffmpeg",
                "echo run >> '\(counter.path)'\nexec /usr/bin/ffmpeg \"$@\""
            )
            let fixtures = MediaFixtures(directory: directory.appendingPathComponent("cache"), ffmpeg: ffmpeg)
            let urls = try await withThrowingTaskGroup(of: URL.self) { group in
                for _ in 0..<8 { group.addTask { try await fixtures.url(for: .shortClip) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(urls).count == 1)
            #expect(try String(contentsOf: counter, encoding: .utf8) == "run\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.directory.path) == ["short.mp4"])
            #expect(await FFprobe.probe(urls[0]).status == 0)
            // Cached now: no further run.
            _ = try await fixtures.url(for: .shortClip)
            #expect(try String(contentsOf: counter, encoding: .utf8) == "run\n")
        }
    }

    @Test("prepare makes several fixtures at once, in order")
    func prepare() async throws {
        try await withTemporaryDirectory { directory in
            let fixtures = MediaFixtures(directory: directory)
            let urls = try await fixtures.prepare([.textAsMP4, .subtitleFile, .zeroBytes])
            #expect(urls.map(\.lastPathComponent) == ["notes.mp4", "subtitle.srt", "zero.mp4"])
            #expect(urls.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        }
    }

    @Test("scratch files that a killed maker left behind are swept after an hour")
    func abandonedScratchFiles() async throws {
        try await withTemporaryDirectory { directory in
            let manager = FileManager.default
            let old = directory.appendingPathComponent(".zero.mp4.1234-deadbeef.partial")
            let fresh = directory.appendingPathComponent(".zero.mp4.5678-cafebabe.partial")
            let other = directory.appendingPathComponent(".notes.mp4.1234-deadbeef.partial")
            for url in [old, fresh, other] { try Data().write(to: url) }
            let twoHoursAgo = Date(timeIntervalSinceNow: -7200)
            for url in [old, other] {
                try manager.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: url.path)
            }
            _ = try await MediaFixtures(directory: directory).url(for: .zeroBytes)
            #expect(!manager.fileExists(atPath: old.path))
            #expect(manager.fileExists(atPath: fresh.path))
            #expect(manager.fileExists(atPath: other.path))
        }
    }

    @Test("a missing ffmpeg is a typed error; fixtures without ffmpeg still work")
    func missingFFmpeg() async throws {
        try await withTemporaryDirectory { directory in
            let absent = directory.appendingPathComponent("no-such-ffmpeg")
            let fixtures = MediaFixtures(directory: directory, ffmpeg: absent)
            do throws(MediaFixtureError) {
                _ = try await fixtures.url(for: .shortClip)
                Issue.record("expected an error")
            } catch {
                #expect(error == .ffmpegNotFound(searched: absent.path))
                #expect(error.description.contains("ffmpeg was not found"))
            }
            let zero = try await fixtures.url(for: .zeroBytes)
            #expect(zero.lastPathComponent == "zero.mp4")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("short.mp4").path))
        }
    }

    @Test("a failing ffmpeg is a typed error with the end of its stderr, and nothing is cached")
    func failingFFmpeg() async throws {
        try await withTemporaryDirectory { directory in
            let ffmpeg = try writeScript(
                in: directory, named: "broken-ffmpeg", "echo 'Unknown encoder libx264-for-tests' >&2\nexit 3"
            )
            let fixtures = MediaFixtures(directory: directory.appendingPathComponent("cache"), ffmpeg: ffmpeg)
            do throws(MediaFixtureError) {
                _ = try await fixtures.url(for: .multiTrack)
                Issue.record("expected an error")
            } catch {
                guard case .ffmpegFailed(let fixture, let status, let tail) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(fixture == .multiTrack)
                #expect(status == 3)
                #expect(tail == "Unknown encoder libx264-for-tests")
                #expect(error.description.contains("libx264-for-tests"))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.directory.path).isEmpty)
        }
    }

    @Test(
        "bench1080p: 30 s of 1080p (set REEL_BENCH_FIXTURES=1)",
        .enabled(if: ProcessInfo.processInfo.environment["REEL_BENCH_FIXTURES"] == "1"),
        .timeLimit(.minutes(2))
    )
    func bench1080p() async throws {
        let url = try await MediaFixtures.url(for: .bench1080p)
        let report = try #require(await FFprobe.probe(url).report)
        let video = try #require(report.streams("video").first)
        #expect(video.width == 1920 && video.height == 1080)
        #expect(abs((report.duration ?? 0) - 30) < 0.2)
    }
}

// MARK: - Helpers

/// The types of an ISO-BMFF file's top-level boxes, in order (stops at a box that runs past the end).
private func topLevelBoxes(_ url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        let bytes = Array(data[offset..<min(offset + 16, data.count)])
        var size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        boxes.append(String(decoding: bytes[4..<8], as: UTF8.self))
        if size == 1, bytes.count == 16 { size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) } }
        if size == 0 { break }
        guard size >= 8 else { break }
        offset += size
    }
    return boxes
}

/// Runs `body` with a fresh directory that is removed afterwards.
private func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("reel-testing-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

/// Writes an executable shell script.
///
/// With `O_CLOEXEC`, so that a child process that another test starts meanwhile does not inherit
/// the open descriptor: while any process holds the file open for writing, running it fails with
/// "Text file busy".
private func writeScript(in directory: URL, named name: String, _ body: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    let bytes = Array("#!/bin/sh\n\(body)\n".utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    return url
}
