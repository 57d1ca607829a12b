import Foundation
import ReelCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a thumbnail track or a sprite sheet from a file or over HTTP(S).
struct ResourceLoader: Sendable {
    /// Which addresses may be read.
    var policy: URLPolicy
    /// Seconds without an answer before a request fails.
    var timeout: Double

    /// The bytes at `url`.
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)``, ``ThumbnailError/Code/fileNotFound``,
    ///   ``ThumbnailError/Code/httpStatus(_:)``, ``ThumbnailError/Code/networkUnreachable`` or
    ///   ``ThumbnailError/Code/cancelled``.
    func data(from url: URL) async throws(ThumbnailError) -> Data {
        do {
            try policy.check(url)
        } catch {
            throw ThumbnailError(error)
        }
        if url.isFileURL {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ThumbnailError(.fileNotFound, message: "The file \"\(url.lastPathComponent)\" could not be read.")
            }
            return data
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let answer: (Data, URLResponse)
        do {
            answer = try await URLSession.shared.data(for: request)
        } catch {
            if Task.isCancelled { throw ThumbnailError(.cancelled) }
            throw ThumbnailError(
                .networkUnreachable, message: "\(url.host ?? "The server") could not be reached.", detail: "\(error)")
        }
        if let response = answer.1 as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            throw ThumbnailError(.httpStatus(response.statusCode), detail: url.absoluteString)
        }
        return answer.0
    }
}
