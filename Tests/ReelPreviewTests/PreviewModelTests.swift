import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

@Suite("PreviewModel")
struct PreviewModelTests {

    @Test("the source picks the provider")
    func picksTheProvider() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        #expect(try PreviewModel(media: clip).source == .localFile)
        let remote = URL(string: "https://example.com/movie.mp4")!
        #expect(try PreviewModel(media: remote).source == .remoteMedia)
        let track = URL(string: "https://example.com/thumbs.vtt")!
        #expect(try PreviewModel(media: remote, thumbnailTrack: track).source == .thumbnailTrack)
        #expect(try PreviewModel(media: clip, thumbnailTrack: track).source == .thumbnailTrack)
        let refused = #expect(throws: ThumbnailError.self) { try PreviewModel(media: URL(string: "ytdl://x")!) }
        #expect(refused?.code == .refusedScheme("ytdl"))
    }

    @Test("positions in one interval share a thumbnail from memory")
    func quantisesToTheInterval() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let model = try PreviewModel(media: clip, configuration: .init(width: 80, interval: 1))
        let provider = try #require(model.provider as? LocalThumbnailProvider)
        let first = try #require(try await model.thumbnail(at: 2.5))
        #expect(first.time == 2 && first.width == 80)
        let second = try #require(try await model.thumbnail(at: 2.9))
        #expect(second == first)
        #expect(provider.statistics.decodedPictures == 1)
        #expect(await model.nearestThumbnail(to: 7)?.time == 2)
    }

    @Test("prefetch fills the intervals around a position, nearest first, within the media")
    func prefetches() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let model = try PreviewModel(media: clip, configuration: .init(width: 32, interval: 1, prefetchCount: 4))
        await model.prefetch(around: 9.2)
        await model.waitForPrefetch()
        #expect(await model.thumbnailCount == 4)
        for second in [6.5, 7.5, 8.5, 9.5] { #expect(await model.nearestThumbnail(to: second)?.time == floor(second)) }
        await model.prefetch(around: 9.2)
        await model.waitForPrefetch()
        #expect(await model.thumbnailCount == 4)
    }

    @Test("moving the scrub to another interval cancels the old request, which answers with the nearest thumbnail")
    func scrubCancelsStaleWork() async throws {
        let provider = GatedProvider()
        var events = provider.events.makeAsyncIterator()
        let model = PreviewModel(provider: provider, configuration: .init(interval: 1))

        // Given a thumbnail for 5 s in memory,
        provider.release(5)
        #expect(try await model.thumbnail(at: 5.5)?.time == 5)
        #expect(await events.next() == .started(5))

        // when the scrub is at 2.2 s and moves on to 7.7 s before the picture arrives,
        let stale = Task { try await model.thumbnail(at: 2.2) }
        #expect(await events.next() == .started(2))
        let fresh = Task { try await model.thumbnail(at: 7.7) }

        // then the request for 2 s is cancelled, and answered with the nearest picture;
        var seen: Set<GatedProvider.Event> = []
        while seen.count < 2, let event = await events.next() { seen.insert(event) }
        #expect(seen == [.cancelled(2), .started(7)])
        #expect(try await stale.value?.time == 5)

        // and the new one is answered when its picture arrives.
        provider.release(7)
        #expect(try await fresh.value?.time == 7)

        // Two requests in one interval share one provider request.
        async let first = model.thumbnail(at: 8.1)
        async let second = model.thumbnail(at: 8.9)
        #expect(await events.next() == .started(8))
        provider.release(8)
        #expect(try await first?.time == 8)
        #expect(try await second?.time == 8)
    }

    @Test("a failure other than cancellation reaches the caller")
    func failuresAreThrown() async throws {
        let tone = try await MediaFixtures.url(for: .audioOnly)
        let model = try PreviewModel(media: tone)
        let error = await #expect(throws: ThumbnailError.self) { try await model.thumbnail(at: 1) }
        #expect(error?.code == .noVideo)
    }
}
