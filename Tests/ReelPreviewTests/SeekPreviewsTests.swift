import Foundation
import ReelContainer
import ReelCore
import ReelPlayer
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

/// The seek bar's previews following a real `Player` (on `FakeEngine`, so no libmpv) over real
/// generated media, decoded with FFmpeg.
@MainActor
@Suite("SeekPreviews")
struct SeekPreviewsTests {
    let player = Player(engine: FakeEngine())

    /// The thumbnail a fresh model makes for `time` of `media`: what the previews must show.
    private func expectedPixels(_ media: URL, at time: Double) async throws -> [UInt8]? {
        let model = try PreviewModel(media: media, configuration: SeekPreviews.defaultConfiguration)
        defer { Task { await model.shutdown() } }
        return try await model.thumbnail(at: time)?.pixels
    }

    @Test func anImageArrivesCallsTheHookAndIsThenAnsweredAtOnce() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let previews = SeekPreviews(player: player)
        let arrivals = CountSignal()
        previews.onImage = { arrivals.increment("image") }
        // Nothing to preview without an item.
        #expect(previews.image(at: 3) == nil)
        #expect(previews.model == nil)

        try player.load(MediaItem(url: clip))
        #expect(previews.item?.url == clip)
        #expect(previews.model?.source == .localFile)
        #expect(previews.image(at: 3) == nil)  // asked for, not here yet
        #expect(await arrivals.wait(for: "image", atLeast: 1, timeout: .seconds(20)))
        // 3.9 s is in the same 2 s interval as 3 s.
        let first = try #require(previews.image(at: 3.9))
        #expect(first.width == 160 && first.height == 120)
        #expect(try await first.pixels == expectedPixels(clip, at: 2))

        // Another interval: the nearest image here answers while the right one is fetched.
        #expect(previews.image(at: 8.5) == first)
        #expect(await arrivals.wait(for: "image", atLeast: 2, timeout: .seconds(20)))
        let second = try #require(previews.image(at: 8.5))
        #expect(second != first)
        #expect(try await second.pixels == expectedPixels(clip, at: 8))

        await previews.shutdown()
        #expect(previews.model == nil)
        #expect(previews.image(at: 3) == nil)
        await player.shutdown()
    }

    @Test func aClipsPreviewsCountFromItsStart() async throws {
        let clip = try await MediaFixtures.url(for: .tenSecondClip)
        let previews = SeekPreviews(player: player)
        let arrivals = CountSignal()
        previews.onImage = { arrivals.increment("image") }
        try player.load(MediaItem(url: clip, clip: ClipRange(start: 6, end: 10)))
        #expect(previews.image(at: 0.5) == nil)
        #expect(await arrivals.wait(for: "image", atLeast: 1, timeout: .seconds(20)))
        // 0.5 s into the clip is 6.5 s into the file: the 6 s interval's image.
        let image = try #require(previews.image(at: 0.5))
        #expect(try await image.pixels == expectedPixels(clip, at: 6))
        #expect(try await image.pixels != expectedPixels(clip, at: 0))
        await previews.shutdown()
        await player.shutdown()
    }

    @Test func previewsFollowASecondItemAndDropTheFirstOnesImages() async throws {
        let first = try await MediaFixtures.url(for: .tenSecondClip)
        let second = try await MediaFixtures.url(for: .size3x5)
        let previews = SeekPreviews(player: player)
        let arrivals = CountSignal()
        previews.onImage = { arrivals.increment("image") }
        try player.load(MediaItem(url: first))
        _ = previews.image(at: 0.5)
        #expect(await arrivals.wait(for: "image", atLeast: 1, timeout: .seconds(20)))
        let firstModel = try #require(previews.model)
        #expect(previews.image(at: 0.5)?.height == 120)

        try player.load(MediaItem(url: second))
        #expect(previews.item?.url == second)
        #expect(previews.model !== firstModel)
        // The first item's images are gone: nothing here for the second one yet.
        #expect(previews.image(at: 0.5).map { "\($0.width)×\($0.height)" } == nil)
        #expect(await arrivals.wait(for: "image", atLeast: 2, timeout: .seconds(20)))
        // A 3×5 picture 160 pixels wide.
        let image = try #require(previews.image(at: 0.5))
        #expect(image.width == 160 && image.height == 267)
        #expect(try await image.pixels == expectedPixels(second, at: 0))

        // Stopping leaves no item and nothing to preview.
        try player.stop()
        #expect(previews.item == nil && previews.model == nil)
        #expect(previews.image(at: 0.5) == nil)
        await previews.shutdown()
        await player.shutdown()
    }

    @Test func anItemThatCannotBePreviewedGetsNothing() async throws {
        let previews = SeekPreviews(player: player)
        let missing = MediaFixtures.missingFile()
        try player.load(MediaItem(url: missing))
        #expect(previews.item?.url == missing)
        #expect(previews.model == nil)
        #expect(previews.image(at: 1) == nil)
        await previews.shutdown()
        await player.shutdown()
    }

    @Test func previewsAreForTheItemLoadedBeforeTheyWereMade() async throws {
        let clip = try await MediaFixtures.url(for: .shortClip)
        try player.load(MediaItem(url: clip))
        let previews = SeekPreviews(player: player, configuration: .init(width: 48, interval: 1))
        let arrivals = CountSignal()
        previews.onImage = { arrivals.increment("image") }
        #expect(previews.item?.url == clip)
        _ = previews.image(at: 1.2)
        #expect(await arrivals.wait(for: "image", atLeast: 1, timeout: .seconds(20)))
        #expect(previews.image(at: 1.7)?.width == 48)
        await previews.shutdown()
        await player.shutdown()
    }

    @Test func onlyTheNewestImagesAreKept() async throws {
        let previews = SeekPreviews(player: player) { _ in
            PreviewModel(provider: SolidProvider(), configuration: .init(interval: 1))
        }
        let arrivals = CountSignal()
        previews.onImage = { arrivals.increment("image") }
        try player.load(MediaItem(url: URL(string: "https://media.test/clip.mp4")!))
        let count = SeekPreviews.imageLimit + 1
        for second in 0..<count {
            _ = previews.image(at: Double(second))
            try #require(await arrivals.wait(for: "image", atLeast: second + 1, timeout: .seconds(10)))
        }
        // The first second's image went: the nearest one kept (the next second's) answers for it.
        #expect(previews.image(at: 0)?.pixels.first == 2)
        #expect(previews.image(at: 1)?.pixels.first == 2)
        #expect(previews.image(at: Double(count - 1))?.pixels.first == UInt8(truncatingIfNeeded: count))
        await previews.shutdown()
        await player.shutdown()
    }
}

/// Makes a 1×1 thumbnail at once whose red channel is the second asked for plus one.
private struct SolidProvider: ThumbnailProvider {
    func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        let red = UInt8(truncatingIfNeeded: Int(time) + 1)
        return Thumbnail(time: time, width: 1, height: 1, pixels: [red, 0, 0, 255])
    }

    func duration() async throws(ThumbnailError) -> Double? { nil }
}
