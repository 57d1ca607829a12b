import Foundation
import Glibc
import Logging
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelMPV

/// docs/SECURITY.md's claims against the real engine: forbidden schemes stay forbidden, remote
/// playlists cannot reach local files, titles and paths cannot inject options, and no user
/// configuration or script is ever loaded.
@MainActor
@Suite("Security", .serialized)
struct SecurityTests {
    @Test(arguments: ["ytdl", "av", "lavfi", "edl", "memory", "fd", "fdclose", "subprocess"])
    func aForbiddenSchemeStaysForbiddenEvenWhenAnAppAllowsIt(_ scheme: String) throws {
        var configuration = MPVConfiguration.headless
        configuration.urlPolicy = configuration.urlPolicy.allowing(scheme)
        #expect(!configuration.urlPolicy.allowedSchemes.contains(scheme))
        let engine = try MPVEngine(configuration: configuration)
        let url = try #require(URL(string: "\(scheme)://3"))
        let refused = PlayerError(.refusedScheme(scheme))
        #expect(throws: refused) { try engine.send(.load(LoadRequest(item: MediaItem(url: url)))) }
        // As an external subtitle, whether it comes with the item or later.
        let clip = URL(fileURLWithPath: "/tmp/clip.mp4")
        let item = MediaItem(url: clip, externalSubtitles: [ExternalSubtitle(url: url)])
        #expect(throws: refused) { try engine.send(.load(LoadRequest(item: item))) }
        #expect(throws: refused) { try engine.send(.addSubtitle(ExternalSubtitle(url: url))) }
    }

    /// A playlist served over HTTP names `/etc/passwd` and a local clip (as a path and as a
    /// `file://` address). libmpv 0.35.1 refuses each entry ("Refusing to load potentially unsafe
    /// URL from a playlist") and the item fails with a typed error; inotify sees no open of the
    /// clip. The control: the mpv player with `--load-unsafe-playlists=yes` does open it.
    @Test func aRemotePlaylistCannotOpenLocalFiles() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A private copy, so that nothing else in this process opens it.
        let local = folder.appendingPathComponent("local.mp4")
        try FileManager.default.copyItem(at: try await MediaFixtures.url(for: .shortClip), to: local)
        let watch = try OpenWatch(local)
        let playlist = "#EXTM3U\nfile:///etc/passwd\n\(local.path)\nfile://\(local.path)\n"
        let server = LoopbackHTTPServer(routes: ["/list.m3u": .text(playlist, contentType: "audio/x-mpegurl")])
        try server.start()
        defer { server.stop() }
        var configuration = MPVConfiguration.headless
        let refusals = CountSignal()
        configuration.logger = Logger(label: "test.security") { _ in
            RefusalCounter(refusals: refusals)
        }
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.load(MediaItem(url: server.url("/list.m3u")))
        try await player.until("a failure", timeout: .seconds(15)) { player in
            if case .paused(reason: .error) = player.state { true } else { false }
        }
        guard case .failed(let error) = player.playback.status else { throw PlayerError(.unknown) }
        #expect(error.engineCode == -13)  // MPV_ERROR_LOADING_FAILED
        #expect(player.tracks.isEmpty && player.playback.video == nil)
        // The item fails at its first entry; libmpv goes on to refuse the other two.
        #expect(await refusals.wait(for: "refused", atLeast: 3, timeout: .seconds(15)))
        await player.shutdown()
        #expect(refusals.count("refused") == 3)
        #expect(watch.opens == 0, "the local file was opened")

        let url = server.url("/list.m3u").absoluteString
        let control = [
            "mpv", "--no-config", "--vo=null", "--ao=null", "--frames=1", "--load-unsafe-playlists=yes", url,
        ]
        _ = await Command.output(control)
        #expect(watch.opens > 0, "the control never opened the local file")
    }

    @Test(arguments: ["x,vo=gpu", "x\n--script=/tmp/evil.lua", "%5%abcde", "--vo=gpu", "a;b' \"c\" ${d}"])
    func aTitleIsShownAsItIsAndChangesNoOption(_ title: String) async throws {
        let engine = try MPVEngine(configuration: .headless)
        let player = Player(engine: engine)
        try player.load(MediaItem(url: try await MediaFixtures.url(for: .shortClip), title: title), autoplay: false)
        try await player.until(status: .ready, timeout: .seconds(15))
        try await player.until("the engine's title", timeout: .seconds(5)) { $0.playback.engineTitle != nil }
        #expect(player.playback.engineTitle == title)
        #expect(engine.propertyText("media-title") == title)
        #expect(engine.propertyText("vo") == "null")
        #expect(engine.propertyText("scripts") == "")
        #expect(engine.propertyText("load-scripts") == "no")
        await player.shutdown()
    }

    @Test func aPathThatLooksLikeOptionsIsOpenedAsAFile() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let name = "--script=evil.lua,vo=gpu\n%3%abc.mp4"
            let file = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: try await MediaFixtures.url(for: .shortClip), to: file)
            let engine = try MPVEngine(configuration: .headless)
            let player = Player(engine: engine)
            try player.load(MediaItem(url: file), autoplay: false)
            try await player.until(status: .ready, timeout: .seconds(15))
            #expect(engine.propertyText("path") == file.path)
            #expect(engine.propertyText("vo") == "null")
            #expect(engine.propertyText("scripts") == "")
            #expect(engine.propertyText("load-scripts") == "no")
            #expect(abs((player.duration ?? 0) - 2) < 0.1)
            await player.shutdown()
        }
    }

    /// `HOME`, `XDG_CONFIG_HOME` and `MPV_HOME` point at a folder whose `mpv.conf` sets the volume
    /// to 37 and whose `scripts/` holds a Lua script that writes a marker file. The mpv player
    /// run there loads both (the control); Reel's engine loads neither.
    @Test func userConfigurationAndScriptsAreNeverLoaded() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let marker = folder.appendingPathComponent("script-ran")
            let home = try UserConfigFolder(in: folder, marker: marker)
            let clip = try await MediaFixtures.url(for: .shortClip)

            let control = await Command.output(
                ["env"] + home.environment.map { "\($0.key)=\($0.value)" }
                    + ["mpv", "--vo=null", "--ao=null", "--frames=1", "--term-playing-msg=volume=${volume}", clip.path])
            #expect(FileManager.default.fileExists(atPath: marker.path), "the control did not run the script")
            #expect(control.contains("volume=37"), "the control did not read mpv.conf: \(control)")
            try FileManager.default.removeItem(at: marker)

            let player = try home.with {
                Player(engine: try MPVEngine(configuration: .headless))
            }
            try player.load(MediaItem(url: clip))
            try await player.until(state: .playing, timeout: .seconds(15))
            #expect(player.volume == 1)
            #expect(!FileManager.default.fileExists(atPath: marker.path), "a user script ran")
            await player.shutdown()
        }
    }
}

/// A folder that mpv would take for the user's configuration: `mpv.conf` with `volume=37`, and
/// `scripts/marker.lua`, which writes `marker` when it runs.
struct UserConfigFolder {
    let environment: [String: String]

    init(in folder: URL, marker: URL) throws {
        let mpv = folder.appendingPathComponent("mpv")
        try FileManager.default.createDirectory(
            at: mpv.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("volume=37\n".utf8).write(to: mpv.appendingPathComponent("mpv.conf"))
        let script = "local file = io.open(\"\(marker.path)\", \"w\")\nfile:write(\"ran\")\nfile:close()\n"
        try Data(script.utf8).write(to: mpv.appendingPathComponent("scripts/marker.lua"))
        environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "MPV_HOME": mpv.path]
    }

    /// Runs `body` with the environment pointing at the folder, then restores it. libmpv reads
    /// these variables while the handle is created and initialised.
    @MainActor func with<T>(_ body: () throws -> T) throws -> T {
        let saved = environment.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (name, value) in environment { setenv(name, value, 1) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return try body()
    }
}

/// Counts how often a file is opened, with inotify.
final class OpenWatch: Sendable {
    private let descriptor: Int32

    init(_ file: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, file.path, UInt32(IN_OPEN)) >= 0 else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// The opens reported so far.
    var opens: Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let length = read(descriptor, &buffer, buffer.count)
            guard length > 0 else { return count }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= length {
                let event = buffer.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                }
                if event.mask & UInt32(IN_OPEN) != 0 { count += 1 }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
}

/// A fresh temporary folder; the caller removes it.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Counts libmpv's "Refusing to load potentially unsafe URL" warnings.
private struct RefusalCounter: LogHandler {
    let refusals: CountSignal
    var logLevel: Logger.Level = .warning
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if "\(event.message)".contains("Refusing to load potentially unsafe URL") { refusals.increment("refused") }
    }
}
