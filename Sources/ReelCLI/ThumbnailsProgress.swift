import Foundation
import ReelPreview

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A progress bar on standard error (`[██████░░░░]  60/100`), drawn only when standard error is a
/// terminal.
struct ThumbnailsProgress {
    /// The number of steps.
    let total: Int
    /// Whether anything is drawn.
    let isVisible: Bool
    private let width = 30

    /// Creates a bar for `total` steps; invisible unless standard error is a terminal.
    init(total: Int, isVisible: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(1, total)
        self.isVisible = isVisible
    }

    /// The bar after `done` steps.
    func line(_ done: Int) -> String {
        let filled = min(width, max(0, done) * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let number = String(done)
        return "[\(bar)] " + String(repeating: " ", count: max(0, String(total).count - number.count))
            + "\(number)/\(total)"
    }

    /// Draws the bar after `done` steps.
    func update(_ done: Int) {
        guard isVisible else { return }
        Console.error("\r" + line(done))
    }

    /// Ends the bar's line.
    func finish() {
        guard isVisible else { return }
        Console.error("\r\u{1B}[2K")
    }
}

extension ThumbnailsProgress {
    /// Every thumbnail of `stream` in the order of `times` (matched by its requested time), with
    /// a progress bar on a terminal.
    /// - Throws: the stream's error, or `decodingFailed` when a time got no thumbnail.
    static func collect(
        _ stream: AsyncThrowingStream<Thumbnail, any Error>, at times: [Double]
    ) async throws -> [Thumbnail] {
        let index = Dictionary(
            times.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var slots = [Thumbnail?](repeating: nil, count: times.count)
        let progress = ThumbnailsProgress(total: times.count)
        var done = 0
        for try await thumbnail in stream {
            guard let position = index[thumbnail.requestedTime] else { continue }
            slots[position] = thumbnail
            done += 1
            progress.update(done)
        }
        progress.finish()
        let thumbnails = slots.compactMap { $0 }
        guard thumbnails.count == times.count else {
            throw ThumbnailError(
                .decodingFailed, message: "Only \(thumbnails.count) of \(times.count) thumbnails were made.")
        }
        return thumbnails
    }
}
