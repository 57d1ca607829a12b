import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

@Suite("LocalThumbnailProvider")
struct LocalThumbnailProviderTests {

    /// The ten-second fixture has a keyframe every second, so a keyframe thumbnail at t shows the
    /// frame at floor(t).
    @Test("keyframe thumbnails show the keyframe ffmpeg decodes there, within a small pixel difference")
    func keyframesMatchFFmpeg() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let provider = try LocalThumbnailProvider(file: clip)
        let info = try await provider.info()
        #expect(info.thumbnailWidth == 160 && info.thumbnailHeight == 120)
        #expect(abs((info.duration ?? 0) - 10) < 0.1)
        #expect(info.codec == "h264")
        for (requested, keyframe) in [(0.0, 0.0), (2.5, 2.0), (4.2, 4.0), (9.9, 9.0)] {
            let thumbnail = try await provider.thumbnail(at: requested)
            #expect(abs(thumbnail.time - keyframe) < 0.001, "at \(requested) s")
            #expect(thumbnail.requestedTime == requested)
            #expect(thumbnail.width == 160 && thumbnail.height == 120)
            let reference = try await FFmpegCLI.frame(of: clip, at: keyframe, width: 160, height: 120)
            let difference = meanDifference(thumbnail.pixels, reference)
            // Measured: 0.0 at every time (the same libswscale, scaler and matrix as ffmpeg's).
            #expect(difference < 1.5, "mean difference \(difference) at \(requested) s")
        }
    }

    @Test("exact thumbnails show the first frame at or after the time, like ffmpeg -ss")
    func exactFramesMatchFFmpeg() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(precision: .exact))
        for requested in [1.5, 6.25] {
            let thumbnail = try await provider.thumbnail(at: requested)
            #expect(thumbnail.time >= requested - 0.02 && thumbnail.time < requested + 0.034, "at \(requested) s")
            let reference = try await FFmpegCLI.frame(of: clip, at: requested, width: 160, height: 120)
            let difference = meanDifference(thumbnail.pixels, reference)
            #expect(difference < 1.5, "mean difference \(difference) at \(requested) s")
        }
    }

    @Test("a batch delivers every requested time once, with all workers")
    func batchDeliversEveryTime() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 64, workers: 3))
        let times = ThumbnailTimes.evenlySpaced(count: 20, duration: 10)
        var received: [Double: Thumbnail] = [:]
        for try await thumbnail in provider.thumbnails(at: times) { received[thumbnail.requestedTime] = thumbnail }
        #expect(Set(received.keys) == Set(times))
        #expect(received.values.allSatisfy { $0.width == 64 && $0.height == 48 })
        #expect(received[times[0]]?.time == 0 && received[times[19]]?.time == 9)
        #expect(provider.statistics.decodedPictures == 20)
    }

    @Test("audio without video fails with noVideo")
    func audioOnlyFails() async throws {
        let tone = try await MediaFixtures.url(for: .audioOnly)
        let provider = try LocalThumbnailProvider(file: tone)
        let error = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 1) }
        #expect(error?.code == .noVideo)
    }

    @Test(
        "damaged or non-media files fail with unsupportedFormat",
        arguments: [Fixture.zeroBytes, .truncated, .textAsMP4])
    func corruptFilesFail(_ fixture: Fixture) async throws {
        let file = try await MediaFixtures.url(for: fixture)
        let provider = try LocalThumbnailProvider(file: file)
        let error = await #expect(throws: ThumbnailError.self) { try await provider.thumbnail(at: 0) }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.message.contains(file.lastPathComponent) == true)
    }

    @Test("a missing file or an address that is not a file is refused at once")
    func missingFileIsRefused() throws {
        let missing = #expect(throws: ThumbnailError.self) {
            try LocalThumbnailProvider(file: MediaFixtures.missingFile())
        }
        #expect(missing?.code == .fileNotFound)
        let remote = #expect(throws: ThumbnailError.self) {
            try LocalThumbnailProvider(file: URL(string: "https://example.com/a.mp4")!)
        }
        #expect(remote?.code == .invalidArgument)
    }

    @Test("cancelling a batch stops its worker before the next picture")
    func cancellingABatchStopsTheWork() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        // One worker, so that a request of our own waits in line behind the batch's last picture.
        let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 32, workers: 1))
        let times = (0..<400).map { Double($0) * 0.025 }
        let consumer = Task {
            var count = 0
            for try await _ in provider.thumbnails(at: times) {
                count += 1
                if count == 1 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        #expect(try await consumer.value >= 1)
        // The worker runs ahead while the consumer wakes up (a few pictures at about 1 ms each);
        // cancelling the consumer cancels the batch at once, far from its end.
        let decodedAtCancel = provider.statistics.decodedPictures
        #expect(decodedAtCancel < times.count / 4, "decoded \(decodedAtCancel) of \(times.count)")
        // After that, only the picture in flight is finished: a request of our own is the only
        // other work.
        _ = try await provider.thumbnail(at: 5)
        let decoded = provider.statistics.decodedPictures
        #expect(decoded <= decodedAtCancel + 1 + 1)
        _ = try await provider.thumbnail(at: 6)
        #expect(provider.statistics.decodedPictures == decoded + 1)
    }

    @Test("a cancelled single request throws cancelled")
    func cancelledRequestThrows() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let provider = try LocalThumbnailProvider(file: clip)
        let task = Task { () throws(ThumbnailError) -> Thumbnail in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.thumbnail(at: 3)
        }
        let result = await task.result
        #expect(throws: ThumbnailError.self) { try result.get() }
        if case .failure(let error) = result { #expect((error as? ThumbnailError)?.code == .cancelled) }
        #expect(provider.statistics.decodedPictures == 0)
    }
}
