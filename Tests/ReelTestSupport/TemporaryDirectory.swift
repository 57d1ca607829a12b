import Foundation

/// A fresh folder under the system's temporary directory, for one test; ``remove()`` deletes it.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// defer { folder.remove() }
/// try Data("#EXTM3U\n".utf8).write(to: folder.file("list.m3u"))
/// ```
package struct TemporaryDirectory: Sendable {
    /// The folder.
    package let url: URL

    /// Makes a folder named `name` and a unique suffix.
    package init(_ name: String = "reel-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path `name` inside the folder (not created).
    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Deletes the folder and what it holds.
    package func remove() { try? FileManager.default.removeItem(at: url) }
}
