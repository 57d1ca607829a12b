import Foundation
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

/// A contact sheet's tiles: a different picture for every time, on a clip whose keyframes (every
/// 2 s) are sparser than the times (every 0.83 s), each stamped with the time it shows.
@Suite("Distinct thumbnails")
struct DistinctThumbnailsTests {
    static let times = ThumbnailTimes.evenlySpaced(count: 12, duration: 10)

    @Test("keyframes alone repeat: the fixture's 12 times show 5 keyframes")
    func keyframesRepeat() async throws {
        let clip = try await MediaFixtures.url(for: .sparseKeyframes)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 64))
        var shown: Set<Double> = []
        for try await thumbnail in provider.thumbnails(at: Self.times) { shown.insert(thumbnail.time) }
        #expect(shown.count == 5, "keyframes shown: \(shown.sorted())")
    }

    @Test("every time gets its own picture, at or before the time and after the one before")
    func everyTileDiffers() async throws {
        let clip = try await MediaFixtures.url(for: .sparseKeyframes)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 96, workers: 3))
        var byTime: [Double: Thumbnail] = [:]
        for try await thumbnail in provider.distinctThumbnails(at: Self.times) {
            #expect(byTime[thumbnail.requestedTime] == nil, "delivered twice: \(thumbnail.requestedTime)")
            byTime[thumbnail.requestedTime] = thumbnail
        }
        let tiles = try Self.times.map { try #require(byTime[$0], "missing \($0)") }
        let shown = tiles.map(\.time)
        #expect(shown == shown.sorted() && Set(shown).count == 12, "times shown: \(shown)")
        for tile in tiles {
            // The picture on screen at the time: never after it, less than a keyframe interval before.
            #expect(tile.time <= tile.requestedTime + 0.001 && tile.time > tile.requestedTime - 2)
        }
        // testsrc2 moves and stamps every frame: distinct pictures differ in their pixels too.
        for first in tiles.indices {
            for second in tiles.indices where second > first {
                let difference = meanDifference(tiles[first].pixels, tiles[second].pixels)
                #expect(difference > 1, "tiles \(first) and \(second) differ by \(difference)")
            }
        }
        // Only the repeated keyframes were decoded again: 12 keyframes, then 7 exact frames.
        #expect(provider.statistics.decodedPictures == 12 + 7)
    }

    @Test("the frame at or before a time is the one a player shows then, as ffmpeg decodes it")
    func exactAtOrBefore() async throws {
        let clip = try await MediaFixtures.url(for: .sparseKeyframes)
        let provider = try LocalThumbnailProvider(file: clip, options: .init(precision: .exactAtOrBefore))
        // 30 fps: 1.25 s lies between frame 37 (1.2333 s) and frame 38 (1.2667 s).
        for (requested, frame) in [(1.25, 37), (2.0, 60), (0.0, 0), (3.99, 119)] {
            let thumbnail = try await provider.thumbnail(at: requested)
            #expect(abs(thumbnail.time - Double(frame) / 30) < 0.002, "at \(requested) s: \(thumbnail.time)")
            // ffmpeg -ss takes the first frame at or after its (millisecond) time: ask a little early.
            let reference = try await FFmpegCLI.frame(
                of: clip, at: max(0, Double(frame) / 30 - 0.01), width: 160, height: 120)
            #expect(meanDifference(thumbnail.pixels, reference) < 1.5, "at \(requested) s")
        }
    }

    @Test("repeated pictures are found in the order of the requested times")
    func repeatedPictures() {
        func tile(_ requested: Double, shows time: Double) -> Thumbnail {
            Thumbnail(time: time, requestedTime: requested, width: 1, height: 1, pixels: [0, 0, 0, 255])
        }
        // Delivered out of order: the earliest request keeps its keyframe.
        let tiles = [tile(3, shows: 2.5), tile(2, shows: 0), tile(1, shows: 0), tile(4, shows: 2.5), tile(5, shows: 5)]
        #expect(ThumbnailTimes.repeatedPictures(tiles) == Set([1, 3]))
    }

    @Test("skipping the start and the end spreads the times over the rest")
    func skippedTimes() {
        #expect(ThumbnailTimes.evenlySpaced(count: 2, duration: 60, skipStart: 10, skipEnd: 10) == [20, 40])
        #expect(
            ThumbnailTimes.evenlySpaced(count: 4, duration: 60, skipStart: 0, skipEnd: 0) == [7.5, 22.5, 37.5, 52.5])
        // Skips that leave nothing are ignored.
        #expect(ThumbnailTimes.evenlySpaced(count: 2, duration: 10, skipStart: 6, skipEnd: 6) == [2.5, 7.5])
    }
}
