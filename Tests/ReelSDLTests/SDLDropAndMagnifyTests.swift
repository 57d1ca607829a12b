import CSDL2
import ReelContainer
import Testing

@testable import ReelSDL

@Suite("SDLInputTranslator drops and magnification")
struct SDLDropAndMagnifyTests {
    private func wheel(y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = y
        event.wheel.y = Int32(y)
        event.wheel.mouseX = 40
        event.wheel.mouseY = 30
        return event
    }

    private func drop(_ type: SDL_EventType, _ text: String) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        // SDL hands over a copy the receiver frees with SDL_free.
        event.drop.file = SDL_strdup(text)
        return event
    }

    @Test func theWheelWithControlMagnifiesAndWithoutItScrolls() {
        var translator = SDLInputTranslator()
        translator.heldModifiers = { [.control] }
        let zoomIn = translator.translate(wheel(y: 2), time: 1)
        #expect(zoomIn.count == 1)
        guard case .magnify(let factor, let point, 1) = zoomIn.first else {
            Issue.record("expected a magnification, got \(zoomIn)")
            return
        }
        #expect(abs(factor - 1.21) < 1e-9)
        #expect(point == Point(x: 40, y: 30))
        guard case .magnify(let out, _, _) = translator.translate(wheel(y: -1), time: 2).first else {
            Issue.record("expected a magnification")
            return
        }
        #expect(out < 1)
        translator.heldModifiers = { [] }
        #expect(
            translator.translate(wheel(y: 1), time: 3) == [.scroll(dx: 0, dy: -1, at: Point(x: 40, y: 30), time: 3)])
    }

    @Test func aPinchMagnifies() {
        var translator = SDLInputTranslator()
        var event = SDL_Event()
        event.type = SDL_MULTIGESTURE.rawValue
        event.mgesture.numFingers = 2
        event.mgesture.dDist = 0.1
        guard case .magnify(let factor, _, 5) = translator.translate(event, time: 5).first else {
            Issue.record("expected a magnification")
            return
        }
        #expect(factor > 1)
    }

    @Test func droppedFilesAndTextBecomeDropsWithTheModifiersHeld() {
        var translator = SDLInputTranslator()
        translator.heldModifiers = { [] }
        #expect(
            translator.translate(drop(SDL_DROPFILE, "/tmp/a b.mp4"), time: 1) == [
                .drop("/tmp/a b.mp4", modifiers: [], time: 1)
            ])
        translator.heldModifiers = { [.shift] }
        #expect(
            translator.translate(drop(SDL_DROPTEXT, "https://example.com/v.m3u8"), time: 2) == [
                .drop("https://example.com/v.m3u8", modifiers: .shift, time: 2)
            ])
    }

    /// SDL reports each file of one drag on its own, between a begin and a complete event: the
    /// container gets them as one drop, a file a line, with the modifiers held at the end.
    @Test func theFilesOfOneDragAreOneDrop() {
        var translator = SDLInputTranslator()
        translator.heldModifiers = { [.shift] }
        var begin = SDL_Event()
        begin.type = SDL_DROPBEGIN.rawValue
        var complete = SDL_Event()
        complete.type = SDL_DROPCOMPLETE.rawValue
        #expect(translator.translate(begin, time: 1).isEmpty)
        #expect(translator.translate(drop(SDL_DROPFILE, "/tmp/a.mp4"), time: 1).isEmpty)
        #expect(translator.translate(drop(SDL_DROPFILE, "/tmp/b.mkv"), time: 1).isEmpty)
        #expect(
            translator.translate(complete, time: 2) == [.drop("/tmp/a.mp4\n/tmp/b.mkv", modifiers: .shift, time: 2)])
        // A drag that brought nothing completes without a drop, and the next file stands alone.
        #expect(translator.translate(begin, time: 3).isEmpty)
        #expect(translator.translate(complete, time: 3).isEmpty)
        #expect(
            translator.translate(drop(SDL_DROPFILE, "/tmp/c.mp4"), time: 4) == [
                .drop("/tmp/c.mp4", modifiers: .shift, time: 4)
            ])
    }

    /// Drops name their window and reach it; pinches name none and go to the window under the
    /// pointer (none here).
    @Test func dropsAreRoutedToTheirWindow() {
        var event = drop(SDL_DROPFILE, "/tmp/a.mp4")
        defer { SDL_free(event.drop.file) }
        event.drop.windowID = 7
        #expect(RenderThread.windowID(of: event) == 7)
        var pinch = SDL_Event()
        pinch.type = SDL_MULTIGESTURE.rawValue
        #expect(RenderThread.windowID(of: pinch) == nil)
    }
}
