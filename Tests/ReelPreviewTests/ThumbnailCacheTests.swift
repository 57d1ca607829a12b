import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

@Suite("ThumbnailCache")
struct ThumbnailCacheTests {

    @Test("a second provider for the same file answers from the cache without decoding")
    func hitsAfterAFirstRun() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let cache = ThumbnailCache(directory: folder.file("cache"))
        let times = [1.5, 4.5, 8.5]

        let first = try LocalThumbnailProvider(file: clip, options: .init(cache: cache))
        var made: [Thumbnail] = []
        for time in times { made.append(try await first.thumbnail(at: time)) }
        #expect(first.statistics.decodedPictures == 3)
        #expect(cache.statistics.stores == 3 && cache.statistics.misses == 3)

        let second = try LocalThumbnailProvider(
            file: clip, options: .init(cache: ThumbnailCache(directory: folder.file("cache"))))
        var cached: [Thumbnail] = []
        for time in times { cached.append(try await second.thumbnail(at: time)) }
        #expect(second.statistics.decodedPictures == 0)
        #expect(second.statistics.cacheHits == 3)
        #expect(cached == made)
    }

    @Test("a file whose modification time changed is decoded again and its old entries are dropped")
    func invalidatesOnModificationTime() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let copy = folder.file("clip.mp4")
        try FileManager.default.copyItem(at: try await MediaFixtures.url(for: .tenSecondClip), to: copy)
        let cache = ThumbnailCache(directory: folder.file("cache"))

        let before = try LocalThumbnailProvider(file: copy, options: .init(cache: cache))
        _ = try await before.thumbnail(at: 2)
        _ = try await before.thumbnail(at: 3)
        let sizeBefore = cache.size
        #expect(sizeBefore > 0)

        let modified = try #require(
            try FileManager.default.attributesOfItem(atPath: copy.path)[.modificationDate] as? Date)
        try FileManager.default.setAttributes(
            [.modificationDate: modified.addingTimeInterval(60)], ofItemAtPath: copy.path)

        let after = try LocalThumbnailProvider(file: copy, options: .init(cache: cache))
        _ = try await after.thumbnail(at: 2)
        #expect(after.statistics.decodedPictures == 1)
        #expect(after.statistics.cacheHits == 0)
        #expect(cache.statistics.invalidations == 1)
        #expect(cache.size < sizeBefore)
    }

    @Test("the cache stays under its cap by deleting the least recently used thumbnails")
    func evictsTheLeastRecentlyUsed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        // 160 × 120 RGBA plus a 20-byte header: room for three thumbnails.
        let entry = 160 * 120 * 4 + 20
        let cache = ThumbnailCache(directory: folder.file("cache"), capacity: entry * 3)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(cache: cache))
        for time in [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] { _ = try await provider.thumbnail(at: time) }
        #expect(cache.size <= entry * 3)
        #expect(cache.statistics.evictions >= 3)
        // The newest survived; the oldest did not.
        _ = try await provider.thumbnail(at: 6)
        #expect(provider.statistics.cacheHits == 1)
        _ = try await provider.thumbnail(at: 1)
        #expect(provider.statistics.decodedPictures == 7)
    }

    @Test("removeAll empties the cache")
    func removeAll() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = ThumbnailCache(directory: folder.file("cache"))
        let provider = try LocalThumbnailProvider(
            file: try await MediaFixtures.url(for: .shortClip), options: .init(cache: cache))
        _ = try await provider.thumbnail(at: 1)
        #expect(cache.size > 0)
        cache.removeAll()
        #expect(cache.size == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("cache").path))
    }
}
