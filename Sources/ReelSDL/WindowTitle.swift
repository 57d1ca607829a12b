import CSDLX11

/// Sets an SDL window's title so that every window manager shows it as written.
///
/// `SDL_SetWindowTitle` (SDL 2.26, X11) converts the title through the process's locale; a
/// Swift program runs in the C locale (it never calls `setlocale`), where any character
/// outside ASCII — the "—" of "clip.mp4 — Reel", an accented file name — makes SDL give up
/// before it writes `_NET_WM_NAME`: the title bar kept the old title or showed mojibake. After
/// SDL has its copy (what `SDL_GetWindowTitle` returns), the X11 properties are written here
/// directly: `_NET_WM_NAME` in UTF-8, `WM_NAME` in Latin-1 with `?` for what it cannot hold.
enum WindowTitle {
    /// Gives `window` the title `title`. Call it on the render thread.
    static func set(_ title: String, on window: OpaquePointer) {
        SDL_SetWindowTitle(window, title)
        let latin1 = title.unicodeScalars.map { $0.value < 256 ? CChar(bitPattern: UInt8($0.value)) : 63 }
        _ = latin1.withUnsafeBufferPointer { bytes in
            reel_x11_set_title(window, title, bytes.baseAddress, Int32(bytes.count))
        }
    }
}
