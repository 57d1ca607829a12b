import Foundation
import ReelCore
import Testing

@Suite("URLPolicy")
struct URLPolicyTests {
    @Test(arguments: ["file:///tmp/a.mp4", "http://127.0.0.1/a.mp4", "HTTPS://example.test/a.mp4"])
    func standardSchemesAreAllowed(_ address: String) throws {
        try URLPolicy.standard.check(try #require(URL(string: address)))
    }

    @Test(arguments: ["ytdl://x", "av://lavfi:testsrc", "lavfi://x", "edl://x", "memory://x", "fd://0", "rtsp://h/x"])
    func otherSchemesAreRefused(_ address: String) throws {
        do {
            _ = try URLPolicy.standard.resolve(address)
            Issue.record("\(address) was allowed")
        } catch {
            guard case .refusedScheme = error.code else {
                Issue.record("expected refusedScheme, got \(error.code)")
                return
            }
        }
    }

    @Test func pathsBecomeFileURLs() throws {
        let base = URL(fileURLWithPath: "/media", isDirectory: true)
        #expect(try URLPolicy.standard.resolve("clip.mkv", relativeTo: base).path == "/media/clip.mkv")
        #expect(try URLPolicy.standard.resolve("/tmp/a b.mp4").path == "/tmp/a b.mp4")
    }

    @Test func appsMayWidenButNeverAllowForbiddenSchemes() throws {
        let policy = URLPolicy.standard.allowing("rtsp").allowing("ytdl")
        try policy.check(try #require(URL(string: "rtsp://h/x")))
        #expect(throws: PlayerError.self) { try policy.check(URL(string: "ytdl://x")!) }
    }
}

@Suite("Value types")
struct ValueTypeTests {
    @Test func rotationSwapsTheDisplayAspect() throws {
        let landscape = VideoGeometry(width: 1920, height: 1080)
        #expect(try #require(landscape.displayAspect) > 1.7)
        let portrait = VideoGeometry(width: 1920, height: 1080, rotation: 90)
        #expect(portrait.presentationSize.width == 1080)
        #expect(try #require(portrait.displayAspect) < 0.6)
    }

    @Test func anamorphicVideoUsesTheDisplaySize() {
        let geometry = VideoGeometry(width: 720, height: 576, displayWidth: 1024, displayHeight: 576)
        #expect(geometry.displayAspect == 1024.0 / 576.0)
    }

    @Test func itemIDsAreUnique() {
        let ids = (0..<1000).map { _ in ItemID.next() }
        #expect(Set(ids).count == 1000)
    }

    @Test func errorsSpeakToUsersAndKeepTheEngineCode() {
        let error = PlayerError(.httpStatus(404), engineCode: -13)
        #expect(error.message.contains("404"))
        #expect(error.engineCode == -13)
        #expect(error.description.contains("-13"))
    }

    @Test func trackNamesFallBackSensibly() {
        #expect(Track(id: 3, kind: .audio).displayName == "Track 3")
        #expect(Track(id: 1, kind: .audio, language: "ger").displayName == "ger")
        #expect(Track(id: 1, kind: .audio, language: "ger", title: "Deutsch").displayName == "Deutsch (ger)")
        // A window words the number in its own language; a name is the track's own.
        #expect(Track(id: 3, kind: .audio).displayName(untitled: "Spur 3") == "Spur 3")
        #expect(Track(id: 3, kind: .audio, language: "ger").displayName(untitled: "Spur 3") == "ger")
    }

    @Test func variantNamesTakeTheBitRatesWordingFromTheCaller() {
        let variant = StreamVariant(id: 4, height: 720, bitrate: 2_500_000)
        #expect(variant.displayName == "720p · 2.5 Mb/s")
        #expect(variant.displayName(bitrate: { "\($0 / 1000) kbit/s" }, untitled: "Variante 4") == "720p · 2500 kbit/s")
        #expect(StreamVariant(id: 4).displayName(bitrate: { _ in "?" }, untitled: "Variante 4") == "Variante 4")
        #expect(StreamVariant(id: 4, bitrate: 640_000).displayName == "640 kb/s")
    }
}
