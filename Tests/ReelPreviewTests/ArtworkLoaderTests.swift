import Foundation
import ReelContainer
import ReelCore
import ReelPreview
import ReelTestSupport
import ReelTesting
import Testing

/// `ArtworkLoader`: an item's artwork from a file or a loopback server, decoded and scaled down,
/// and every kind of bad source ending in a typed error, in bounded time.
@Suite("ArtworkLoader")
struct ArtworkLoaderTests {
    /// Whether most of `bitmap` is `colour`, each channel within 4.
    static func isMostly(_ bitmap: Bitmap, _ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        var matching = 0
        for offset in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let pixel = (bitmap.pixels[offset], bitmap.pixels[offset + 1], bitmap.pixels[offset + 2])
            if abs(Int(pixel.0) - Int(colour.red)) <= 4 && abs(Int(pixel.1) - Int(colour.green)) <= 4
                && abs(Int(pixel.2) - Int(colour.blue)) <= 4
            {
                matching += 1
            }
        }
        return matching * 4 * 10 >= bitmap.pixels.count * 9
    }

    /// The error `load` throws; fails the test when it succeeds.
    static func failure(_ load: () async throws(ThumbnailError) -> Bitmap) async -> ThumbnailError? {
        do {
            let bitmap = try await load()
            Issue.record("loaded a \(bitmap.width)×\(bitmap.height) picture")
            return nil
        } catch {
            return error
        }
    }

    /// A PNG file's signature and IHDR chunk declaring `width` × `height`, then a few bytes of
    /// nothing: what a decompression bomb's header looks like.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8)
        for value in [width, height] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        data += Data([8, 2, 0, 0, 0, 0, 0, 0, 0]) + Data(count: 64)
        return data
    }

    @Test func aFileIsDecodedAndScaledDownToTheLargestSide() async throws {
        let file = try await MediaFixtures.url(for: .artwork)
        let full = try await ArtworkLoader().image(at: file)
        #expect(full.width == 200 && full.height == 200)
        #expect(Self.isMostly(full, Fixture.artworkColor))
        let small = try await ArtworkLoader(maximumSide: 64).image(at: file)
        #expect(small.width == 64 && small.height == 64)
        #expect(Self.isMostly(small, Fixture.artworkColor))
        // A 320×240 picture keeps its aspect.
        let still = try await ArtworkLoader(maximumSide: 100).image(at: try await MediaFixtures.url(for: .stillImage))
        #expect(still.width == 100 && still.height == 75)
    }

    @Test func overLoopbackHTTPWithARedirect() async throws {
        let server = LoopbackHTTPServer(routes: [
            "/cover.png": .file(try await MediaFixtures.url(for: .artwork)), "/old.png": .redirect(to: "/cover.png"),
        ])
        try server.start()
        defer { server.stop() }
        let cover = try await ArtworkLoader().image(at: server.url("/old.png"))
        #expect(cover.width == 200 && Self.isMostly(cover, Fixture.artworkColor))
        #expect(server.requestCount("/cover.png") == 1)
    }

    @Test func errorStatusesAndGarbageAreTypedErrors() async throws {
        let server = LoopbackHTTPServer(routes: [
            "/gone.png": .status(410), "/page.png": .text("<html>not an image</html>", contentType: "image/png"),
        ])
        try server.start()
        defer { server.stop() }
        let loader = ArtworkLoader()
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: server.url("/nothing.png")) }?
                .code == .httpStatus(404))
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: server.url("/gone.png")) }?
                .code == .httpStatus(410))
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: server.url("/page.png")) }?
                .code == .unsupportedFormat)
        // Garbage in a file, and a damaged PNG (its first kilobyte kept).
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: folder.file("noise.jpg"))
        let still = try Data(contentsOf: try await MediaFixtures.url(for: .stillImage))
        try still.prefix(1024).write(to: folder.file("cut.png"))
        for name in ["noise.jpg", "cut.png"] {
            let error = await Self.failure { () throws(ThumbnailError) in try await loader.image(at: folder.file(name))
            }
            #expect(error?.code == .unsupportedFormat, "\(name)")
        }
    }

    @Test func aHugePictureIsRefusedBeforeItIsDecoded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.pngHeader(width: 60_000, height: 60_000).write(to: folder.file("bomb.png"))
        let error = await Self.failure { () throws(ThumbnailError) in
            try await ArtworkLoader().image(at: folder.file("bomb.png"))
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("60000×60000") == true)
        // Any picture over the bound, by its header.
        let small = ArtworkLoader(maximumPixels: 10_000)
        let artwork = try await MediaFixtures.url(for: .artwork)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await small.image(at: artwork) }?.code == .tooLarge)
    }

    /// A JPEG whose size the loader cannot read ahead (a comment segment claiming 64 KiB right
    /// after its start, which FFmpeg skips over) is still held to the bound by FFmpeg while it
    /// decodes.
    @Test func aPictureWhoseHeaderHidesItsSizeIsStillBounded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let plain = folder.file("plain.jpg")
        try await FFmpegCLI.run(["-f", "lavfi", "-i", "color=c=red:s=1600x1200", "-frames:v", "1", plain.path])
        var hidden = try Data(contentsOf: plain)
        hidden.insert(contentsOf: [0xFF, 0xFE, 0xFF, 0xFF], at: 2)
        try hidden.write(to: folder.file("hidden.jpg"))
        // FFmpeg reads it whole without a bound ...
        let decoded = try await ArtworkLoader(maximumSide: 160).image(at: folder.file("hidden.jpg"))
        #expect(decoded.width == 160 && decoded.height == 120)
        // ... and refuses it with one.
        let bounded = ArtworkLoader(maximumPixels: 1_000_000)
        let error = await Self.failure { () throws(ThumbnailError) in
            try await bounded.image(at: folder.file("hidden.jpg"))
        }
        #expect(error?.code == .unsupportedFormat)
    }

    @Test func tooManyBytesAreNotRead() async throws {
        let still = try await MediaFixtures.url(for: .stillImage)
        let server = LoopbackHTTPServer(routes: ["/still.png": .file(still)])
        try server.start()
        defer { server.stop() }
        let loader = ArtworkLoader(maximumBytes: 1000)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: still) }?.code == .tooLarge)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: server.url("/still.png")) }?
                .code == .tooLarge)
    }

    @Test func aServerThatNeverAnswersOrTricklesEndsAtTheTimeout() async throws {
        let gate = StallGate()
        let still = try await MediaFixtures.url(for: .stillImage)
        let server = LoopbackHTTPServer(routes: [
            "/silent.png": .stallAfter(bytes: 0, of: still, gate: gate),
            "/slow.png": .throttled(still, bytesPerSecond: 2000),
        ])
        try server.start()
        defer {
            gate.open()
            server.stop()
        }
        let loader = ArtworkLoader(timeout: 1)
        for path in ["/silent.png", "/slow.png"] {
            let started = ContinuousClock.now
            let error = await Self.failure { () throws(ThumbnailError) in try await loader.image(at: server.url(path)) }
            #expect(error?.code == .networkUnreachable, "\(path)")
            #expect(ContinuousClock.now - started < hangBound(after: .seconds(1)), "\(path)")
        }
        #expect(gate.timesReached == 1)
    }

    @Test func refusedAddressesAndFilesThatAreNotFiles() async throws {
        let artwork = try await MediaFixtures.url(for: .artwork)
        let loader = ArtworkLoader()
        #expect(
            await Self.failure { () throws(ThumbnailError) in
                try await loader.image(at: URL(string: "ftp://example.com/a.png")!)
            }?.code == .refusedScheme("ftp"))
        // An engine that plays RTSP does not make RTSP artwork readable; a policy without files
        // refuses files.
        let live = ArtworkLoader(policy: URLPolicy.standard.allowing("rtsp"))
        #expect(
            await Self.failure { () throws(ThumbnailError) in
                try await live.image(at: URL(string: "rtsp://example.com/a.png")!)
            }?.code == .refusedScheme("rtsp"))
        let remoteOnly = ArtworkLoader(policy: URLPolicy(allowing: ["https"]))
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await remoteOnly.image(at: artwork) }?.code
                == .refusedScheme("file"))
        // A named pipe would block a reader forever; a folder and a missing file fail at once.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.file("cover.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let done = CountSignal()
        let reading = Task.detached {
            let error = await Self.failure { () throws(ThumbnailError) in try await loader.image(at: fifo) }
            done.increment("done")
            return error
        }
        let returned = await done.wait(for: "done", atLeast: 1, timeout: .seconds(10))
        if !returned {
            // A writer that comes and goes releases the blocked reader, so the test ends.
            let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(returned, "reading a named pipe blocked")
        #expect(await reading.value?.code == .unsupportedFormat)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: folder.url) }?.code
                == .unsupportedFormat)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await loader.image(at: folder.file("none.png")) }?
                .code == .fileNotFound)
        #expect(
            await Self.failure { () throws(ThumbnailError) in try await ArtworkLoader(maximumSide: 0).image(at: artwork)
            }?.code == .invalidArgument)
    }
}

/// `ArtworkCache`: what a container asks while it draws, answered at once from memory.
@MainActor
@Suite("ArtworkCache")
struct ArtworkCacheTests {
    /// A cache whose loads are counted per address; `fail` addresses fail with a 404.
    final class Loads: Sendable {
        let signal = CountSignal()
        let failing: Set<URL>
        init(failing: Set<URL> = []) { self.failing = failing }

        func load(_ url: URL) throws(ThumbnailError) -> Bitmap {
            signal.increment(url.absoluteString)
            if failing.contains(url) { throw ThumbnailError(.httpStatus(404)) }
            return Bitmap(width: 300, height: 150, fill: .white)
        }
    }

    static func url(_ index: Int) -> URL { URL(string: "https://example.com/\(index).png")! }

    func cache(_ loads: Loads, log: RecordedLog = RecordedLog(), images: CountSignal) -> ArtworkCache {
        let cache = ArtworkCache(logger: log.logger) { url throws(ThumbnailError) in try loads.load(url) }
        cache.onImage = { images.increment("image") }
        return cache
    }

    @Test func eachAddressIsLoadedOnceAndScaledToWhatIsDrawn() async throws {
        let loads = Loads()
        let images = CountSignal()
        let cache = cache(loads, images: images)
        let url = Self.url(1)
        #expect(cache.image(for: url, fitting: Size(width: 300, height: 300)) == nil)
        #expect(cache.image(for: url, fitting: Size(width: 40, height: 40)) == nil)
        #expect(await images.wait(for: "image", atLeast: 1, timeout: .seconds(10)))
        let full = try #require(cache.image(for: url, fitting: Size(width: 300, height: 300)))
        #expect(full.width == 300 && full.height == 150)
        // 40 px is drawn from a copy 64 px long, 100 px from one 128 px long.
        let small = try #require(cache.image(for: url, fitting: Size(width: 40, height: 40)))
        #expect(small.width == 64 && small.height == 32)
        #expect(cache.image(for: url, fitting: Size(width: 100, height: 80))?.width == 128)
        #expect(small.pixels.allSatisfy { $0 == 255 })
        #expect(loads.signal.count(url.absoluteString) == 1)
        #expect(images.count("image") == 1)
    }

    @Test func aFailureIsLoggedOnceAndNotAskedAgain() async throws {
        let url = Self.url(2)
        let loads = Loads(failing: [url])
        let log = RecordedLog()
        let images = CountSignal()
        let cache = cache(loads, log: log, images: images)
        #expect(cache.image(for: url, fitting: Size(width: 64, height: 64)) == nil)
        #expect(await log.signal.wait(for: "line", atLeast: 1, timeout: .seconds(10)))
        for _ in 0..<3 { #expect(cache.image(for: url, fitting: Size(width: 64, height: 64)) == nil) }
        // A load asked for after those starts after any they would have started.
        #expect(cache.image(for: Self.url(3), fitting: Size(width: 64, height: 64)) == nil)
        #expect(await images.wait(for: "image", atLeast: 1, timeout: .seconds(10)))
        #expect(cache.failure(for: url)?.code == .httpStatus(404))
        #expect(loads.signal.count(url.absoluteString) == 1)
        #expect(
            log.recorded == [
                "warning: No artwork from \(url.absoluteString): The server answered with HTTP status 404."
                    + " reel.source=artwork"
            ])
        #expect(images.count("image") == 1)
    }

    @Test func theLeastRecentlyAskedGoFirst() async throws {
        let loads = Loads()
        let images = CountSignal()
        let cache = cache(loads, images: images)
        let count = ArtworkCache.imageLimit + 1
        for index in 0..<count {
            _ = cache.image(for: Self.url(index), fitting: Size(width: 64, height: 64))
            #expect(await images.wait(for: "image", atLeast: index + 1, timeout: .seconds(10)))
        }
        // The first was dropped when the last arrived: asking loads it again.
        #expect(cache.image(for: Self.url(0), fitting: Size(width: 64, height: 64)) == nil)
        #expect(cache.image(for: Self.url(count - 1), fitting: Size(width: 64, height: 64)) != nil)
        #expect(await loads.signal.wait(for: Self.url(0).absoluteString, atLeast: 2, timeout: .seconds(10)))
    }
}
