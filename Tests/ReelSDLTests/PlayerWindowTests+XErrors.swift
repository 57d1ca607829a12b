import Foundation
import ReelContainer
import ReelCore
import ReelMPV
import ReelPlayer
import Synchronization
import Testing

@testable import ReelSDL

#if canImport(Glibc)
    import Glibc
#endif

extension PlayerWindowTests {
    /// An X protocol error (here `BadWindow` from an event sent to a window that does not
    /// exist, as SDL 2.26 sends its wake-up to a window just destroyed) is reported and the
    /// process goes on: Xlib's default handler would exit it.
    @Test func anXErrorIsReportedAndThePlayerGoesOn() async throws {
        var configuration = MPVConfiguration.headless
        configuration.video = .renderAPI
        let player = Player(engine: try MPVEngine(configuration: configuration))
        let window = try PlayerWindow(
            player: player, options: .init(title: "Reel X errors", size: Size(width: 320, height: 180)))
        let before = xErrorCount.load(ordering: .relaxed)

        typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias SendEvent = @convention(c) (OpaquePointer?, UInt, Int32, Int, UnsafeMutableRawPointer?) -> Int32
        typealias Sync = @convention(c) (OpaquePointer?, Int32) -> Int32
        typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
        let library = try #require(dlopen("libX11.so.6", RTLD_NOW | RTLD_GLOBAL))
        let open = unsafeBitCast(try #require(dlsym(library, "XOpenDisplay")), to: OpenDisplay.self)
        let send = unsafeBitCast(try #require(dlsym(library, "XSendEvent")), to: SendEvent.self)
        let sync = unsafeBitCast(try #require(dlsym(library, "XSync")), to: Sync.self)
        let close = unsafeBitCast(try #require(dlsym(library, "XCloseDisplay")), to: CloseDisplay.self)
        let display = try #require(open(nil))
        // An XEvent is a 192-byte union; a zeroed ClientMessage (type 33) is enough here.
        var event = [UInt8](repeating: 0, count: 192)
        event[0] = 33
        _ = event.withUnsafeMutableBytes { send(display, 0x1F_FFFF, 0, 0, $0.baseAddress) }
        _ = sync(display, 0)
        _ = close(display)

        #expect(xErrorCount.load(ordering: .relaxed) == before + 1)
        #expect(!window.isClosed)
        window.close()
        await player.shutdown()
    }
}
