import Foundation

/// A fresh folder under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init(_ name: String = "reel-preview-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
