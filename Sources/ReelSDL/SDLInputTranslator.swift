import CSDL2
import Foundation
import ReelCanvas

/// Turns SDL events into ``/ReelCanvas/InputEvent``s: pointer positions in logical pixels (SDL's window
/// coordinates), keys by name, characters from SDL's text input.
///
/// A printable key produces its character once: from `SDL_TEXTINPUT` (so the keyboard layout
/// and Shift are honoured), or from the key code while Control or Alt is held, when X11 sends no
/// text. Key releases of printable keys carry the unshifted character of the key code.
///
/// The wheel with Control held and a two-finger pinch (`SDL_MULTIGESTURE`) magnify; files or
/// text dropped on the window (`SDL_DROPFILE`, `SDL_DROPTEXT`) are one drop per gesture: SDL
/// reports each file of a drag on its own between `SDL_DROPBEGIN` and `SDL_DROPCOMPLETE`, and
/// the drop carries them one a line, with the modifiers held when it completes (the translator
/// frees SDL's copies of the text).
struct SDLInputTranslator {
    /// True after a key press produced its character from the key code, so that a text event
    /// for the same press is not reported twice.
    private var suppressNextText = false
    /// The last pointer position, where pinches (reported in touch-device coordinates) happen.
    private var lastPointer = Point(x: 0, y: 0)
    /// The files and texts of a drop in progress (between `SDL_DROPBEGIN` and
    /// `SDL_DROPCOMPLETE`).
    private var pendingDrop: [String]?
    /// The modifiers held now, for events that do not carry them (wheel, drops): SDL's keyboard
    /// state; tests replace it.
    var heldModifiers: @Sendable () -> KeyModifiers = {
        modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
    }
    /// How much one wheel step with Control held magnifies.
    static let wheelMagnification = 1.1
    /// How much a pinch magnifies per unit of SDL's normalised finger distance change.
    static let pinchMagnification = 2.5

    /// The input events `event` stands for (none for events the container does not use), at
    /// host time `time` in seconds.
    mutating func translate(_ event: SDL_Event, time: Double) -> [InputEvent] {
        switch SDL_EventType(event.type) {
        case SDL_MOUSEMOTION:
            lastPointer = Point(x: Double(event.motion.x), y: Double(event.motion.y))
            return [.pointerMoved(lastPointer, time: time)]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard let button = Self.button(event.button.button) else { return [] }
            let point = Point(x: Double(event.button.x), y: Double(event.button.y))
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? [.pointerDown(point, button: button, time: time)] : [.pointerUp(point, button: button, time: time)]
        case SDL_MOUSEWHEEL:
            let wheel = event.wheel
            let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            // SDL's y is positive away from the user (scrolling up); InputEvent's is positive down.
            let point = Point(x: Double(wheel.mouseX), y: Double(wheel.mouseY))
            if heldModifiers().contains(.control) {
                let steps = Double(wheel.preciseY) * flip
                guard steps != 0 else { return [] }
                return [.magnify(by: pow(Self.wheelMagnification, steps), at: point, time: time)]
            }
            return [
                .scroll(
                    dx: Double(wheel.preciseX) * flip, dy: -Double(wheel.preciseY) * flip, at: point, time: time)
            ]
        case SDL_MULTIGESTURE:
            let change = Double(event.mgesture.dDist)
            guard event.mgesture.numFingers >= 2, change != 0 else { return [] }
            return [.magnify(by: max(0.5, 1 + change * Self.pinchMagnification), at: lastPointer, time: time)]
        case SDL_DROPBEGIN:
            pendingDrop = []
            return []
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let file = event.drop.file else { return [] }
            defer { SDL_free(file) }
            let text = String(cString: file)
            guard !text.isEmpty else { return [] }
            guard pendingDrop == nil else {
                pendingDrop?.append(text)
                return []
            }
            return [.drop(text, modifiers: heldModifiers(), time: time)]
        case SDL_DROPCOMPLETE:
            defer { pendingDrop = nil }
            guard let texts = pendingDrop, !texts.isEmpty else { return [] }
            return [.drop(texts.joined(separator: "\n"), modifiers: heldModifiers(), time: time)]
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue):
            return [.pointerExited(time: time)]
        case SDL_KEYDOWN:
            return keyDown(event.key.keysym, time: time)
        case SDL_KEYUP:
            let modifiers = Self.modifiers(event.key.keysym.mod)
            guard let key = Self.namedKey(event.key.keysym.sym) ?? Self.printableKey(event.key.keysym.sym) else {
                return []
            }
            return [.keyUp(key, modifiers: modifiers, time: time)]
        case SDL_TEXTINPUT:
            if suppressNextText {
                suppressNextText = false
                return []
            }
            let text = withUnsafeBytes(of: event.text.text) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            let modifiers = Self.modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
            // Space arrives as a key press already (it is a named key).
            return text.filter { $0 != " " }.map { .keyDown(.character($0), modifiers: modifiers, time: time) }
        default:
            return []
        }
    }

    private mutating func keyDown(_ symbol: SDL_Keysym, time: Double) -> [InputEvent] {
        let modifiers = Self.modifiers(symbol.mod)
        if let key = Self.namedKey(symbol.sym) {
            suppressNextText = false
            return [.keyDown(key, modifiers: modifiers, time: time)]
        }
        guard let key = Self.printableKey(symbol.sym) else { return [] }
        if modifiers.contains(.control) || modifiers.contains(.alt) {
            suppressNextText = true
            return [.keyDown(key, modifiers: modifiers, time: time)]
        }
        suppressNextText = false
        return []
    }

    /// The named key of an SDL key code.
    static func namedKey(_ code: SDL_Keycode) -> Key? {
        switch code {
        case SDL_Keycode(SDLK_SPACE.rawValue): .space
        case SDL_Keycode(SDLK_LEFT.rawValue): .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): .right
        case SDL_Keycode(SDLK_UP.rawValue): .up
        case SDL_Keycode(SDLK_DOWN.rawValue): .down
        case SDL_Keycode(SDLK_ESCAPE.rawValue): .escape
        case SDL_Keycode(SDLK_RETURN.rawValue), SDL_Keycode(SDLK_KP_ENTER.rawValue): .enter
        case SDL_Keycode(SDLK_TAB.rawValue): .tab
        case SDL_Keycode(SDLK_PAGEUP.rawValue): .pageUp
        case SDL_Keycode(SDLK_PAGEDOWN.rawValue): .pageDown
        default: nil
        }
    }

    /// The character of a printable ASCII key code (`a`…`z`, digits, punctuation).
    static func printableKey(_ code: SDL_Keycode) -> Key? {
        guard code > 32, code < 127, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
        return .character(Character(scalar))
    }

    /// The modifiers held, from SDL's `KMOD_*` bits.
    static func modifiers(_ state: UInt16) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & UInt16(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        if state & UInt16(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.control) }
        if state & UInt16(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    /// The pointer button of an SDL button number.
    static func button(_ number: UInt8) -> PointerButton? {
        switch Int32(number) {
        case SDL_BUTTON_LEFT: .primary
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .secondary
        default: nil
        }
    }
}
