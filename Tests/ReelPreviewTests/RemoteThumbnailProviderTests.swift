import Foundation
import ReelCore
import ReelMPV
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

@Suite("RemoteThumbnailProvider over loopback HTTP", .serialized)
struct RemoteThumbnailProviderTests {

    @Test("keyframe pictures from a second libmpv, quantised to the interval and kept in memory")
    func picturesOverHTTP() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let server = LoopbackHTTPServer(routes: ["/clip.mp4": .file(clip)])
        try server.start()
        defer { server.stop() }
        let provider = try RemoteThumbnailProvider(
            url: server.url("/clip.mp4"), options: .init(width: 160, interval: 0.5))
        #expect(abs((try await provider.duration() ?? 0) - 10) < 0.1)

        let thumbnail = try await provider.thumbnail(at: 3.7)
        #expect(provider.quantised(3.7) == 3.5)
        #expect(thumbnail.time == 3)  // the keyframe before 3.5 s
        #expect(thumbnail.requestedTime == 3.7)
        #expect(thumbnail.width == 160 && thumbnail.height == 120)
        #expect(provider.framesTaken == 1)

        // The same interval again: from memory.
        let again = try await provider.thumbnail(at: 3.9)
        #expect(again.pixels == thumbnail.pixels && again.requestedTime == 3.9)
        #expect(provider.framesTaken == 1)

        // mpv scales and converts with its own filter chain, so the pixels differ a little from
        // FFmpeg's (measured: 5.9 of 255), but it is the same keyframe: the neighbouring
        // keyframes differ by 18.9.
        let local = try await LocalThumbnailProvider(file: clip).thumbnail(at: 3)
        let difference = meanDifference(thumbnail.pixels, local.pixels)
        #expect(difference < 8, "mean difference \(difference)")
        await provider.shutdown()
    }

    @Test("an HTTP error status, audio without video and refused addresses fail with typed errors")
    func failures() async throws {
        let tone = try await MediaFixtures.url(for: .audioOnly)
        let server = LoopbackHTTPServer(routes: ["/gone.mp4": .status(404), "/tone.m4a": .file(tone)])
        try server.start()
        defer { server.stop() }

        let gone = try RemoteThumbnailProvider(url: server.url("/gone.mp4"))
        let status = await #expect(throws: ThumbnailError.self) { try await gone.thumbnail(at: 1) }
        #expect(status?.code == .httpStatus(404))
        await gone.shutdown()

        let audio = try RemoteThumbnailProvider(url: server.url("/tone.m4a"))
        let noVideo = await #expect(throws: ThumbnailError.self) { try await audio.thumbnail(at: 1) }
        #expect(noVideo?.code == .noVideo)
        await audio.shutdown()

        let refused = #expect(throws: ThumbnailError.self) {
            try RemoteThumbnailProvider(url: URL(string: "lavfi://testsrc")!)
        }
        #expect(refused?.code == .refusedScheme("lavfi"))
    }

    @Test("a request overtaken by a newer one before it starts returns nil; the newest is answered")
    func staleRequestsAreDropped() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let grabber = try FrameGrabber(width: 64)
        _ = try await grabber.open(clip)
        // Many requests at once: the grabber works on one at a time, so all but a few are
        // overtaken while they wait, and every one returns at once.
        let results = await withTaskGroup(of: (Double, FrameGrabber.Frame?).self) { group in
            for second in 0..<10 {
                group.addTask { (Double(second), try? await grabber.frame(at: Double(second))) }
            }
            var results: [(Double, FrameGrabber.Frame?)] = []
            for await result in group { results.append(result) }
            return results
        }
        let answered = results.filter { $0.1 != nil }
        #expect(!answered.isEmpty)
        #expect(grabber.framesTaken == answered.count)
        #expect(answered.allSatisfy { $0.1?.time == $0.0 })
        await grabber.shutdown()
        let late = await #expect(throws: PlayerError.self) { try await grabber.frame(at: 1) }
        #expect(late?.code == .engineGone)
    }
}
