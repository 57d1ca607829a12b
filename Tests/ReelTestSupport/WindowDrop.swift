import Foundation

/// Drops text on an X window as a file manager or a browser does, through real XDND: Reel's
/// `scripts/xdnd-drop.py` (Debian's python3-xlib), since xdotool cannot drag between
/// applications.
package enum WindowDrop {
    /// The script, found from this source file (tests run from the package's tree).
    package static let tool = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/xdnd-drop.py")

    /// Whether drops can be made here: xdotool (to find windows) and python3-xlib.
    package static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/Xlib/__init__.py")
    }

    /// Drops `text`, offered as `type` (`text/uri-list` for files, `text/plain` for an
    /// address), on the window `window` (an X window id); Shift held when `shift`. Returns what
    /// the script said.
    package static func drop(_ text: String, type: String, on window: String, shift: Bool = false) async throws
        -> CommandResult
    {
        try await Command.run(["/usr/bin/python3", tool.path, window, type, text] + (shift ? ["--shift"] : []))
    }
}
