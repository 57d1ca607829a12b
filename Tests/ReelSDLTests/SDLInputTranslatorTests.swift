import CSDL2
import ReelContainer
import Testing

@testable import ReelSDL

@Suite("SDLInputTranslator")
struct SDLInputTranslatorTests {
    private func key(_ type: SDL_EventType, _ code: SDL_KeyCode, modifiers: SDL_Keymod = KMOD_NONE) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.key.keysym.sym = SDL_Keycode(code.rawValue)
        event.key.keysym.mod = UInt16(modifiers.rawValue)
        return event
    }

    private func text(_ string: String) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &event.text.text) { buffer in
            for (index, byte) in string.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return event
    }

    @Test func namedKeysComeFromKeyCodes() {
        var translator = SDLInputTranslator()
        let cases: [(SDL_KeyCode, Key)] = [
            (SDLK_SPACE, .space), (SDLK_LEFT, .left), (SDLK_RIGHT, .right), (SDLK_UP, .up), (SDLK_DOWN, .down),
            (SDLK_ESCAPE, .escape), (SDLK_RETURN, .enter), (SDLK_TAB, .tab),
        ]
        for (code, expected) in cases {
            #expect(
                translator.translate(key(SDL_KEYDOWN, code), time: 1) == [.keyDown(expected, modifiers: [], time: 1)])
            #expect(translator.translate(key(SDL_KEYUP, code), time: 2) == [.keyUp(expected, modifiers: [], time: 2)])
        }
    }

    @Test func shiftTabIsTabWithShift() {
        var translator = SDLInputTranslator()
        #expect(
            translator.translate(key(SDL_KEYDOWN, SDLK_TAB, modifiers: KMOD_LSHIFT), time: 1) == [
                .keyDown(.tab, modifiers: .shift, time: 1)
            ])
    }

    @Test func charactersComeFromTextInputOnce() {
        var translator = SDLInputTranslator()
        #expect(translator.translate(key(SDL_KEYDOWN, SDLK_m), time: 1).isEmpty)
        #expect(translator.translate(text("M"), time: 1) == [.keyDown(.character("M"), modifiers: [], time: 1)])
        // Space is a named key, so its text is not reported again.
        #expect(translator.translate(text(" "), time: 1).isEmpty)
        #expect(
            translator.translate(key(SDL_KEYUP, SDLK_m), time: 2) == [.keyUp(.character("m"), modifiers: [], time: 2)])
    }

    @Test func controlShortcutsComeFromKeyCodesWithoutDuplicates() {
        var translator = SDLInputTranslator()
        let down = translator.translate(key(SDL_KEYDOWN, SDLK_q, modifiers: KMOD_LCTRL), time: 1)
        #expect(down == [.keyDown(.character("q"), modifiers: .control, time: 1)])
        #expect(translator.translate(text("q"), time: 1).isEmpty)
        #expect(translator.translate(text("j"), time: 2).count == 1)
    }

    @Test func pointerEventsAreInWindowCoordinates() {
        var translator = SDLInputTranslator()
        var event = SDL_Event()
        event.type = SDL_MOUSEBUTTONDOWN.rawValue
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = 120
        event.button.y = 80
        #expect(
            translator.translate(event, time: 3) == [.pointerDown(Point(x: 120, y: 80), button: .primary, time: 3)])
        event.type = SDL_MOUSEBUTTONUP.rawValue
        event.button.button = UInt8(SDL_BUTTON_RIGHT)
        #expect(
            translator.translate(event, time: 4) == [.pointerUp(Point(x: 120, y: 80), button: .secondary, time: 4)])
        event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.x = 5
        event.motion.y = 6
        #expect(translator.translate(event, time: 5) == [.pointerMoved(Point(x: 5, y: 6), time: 5)])
    }

    @Test func wheelUpScrollsUp() {
        var translator = SDLInputTranslator()
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.preciseY = 1
        event.wheel.mouseX = 10
        event.wheel.mouseY = 20
        #expect(
            translator.translate(event, time: 1) == [.scroll(dx: 0, dy: -1, at: Point(x: 10, y: 20), time: 1)])
    }

    @Test func leavingTheWindowEndsThePointer() {
        var translator = SDLInputTranslator()
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
        #expect(translator.translate(event, time: 7) == [.pointerExited(time: 7)])
    }
}
