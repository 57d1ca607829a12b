import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks an HTTP server directly what it answers for a URL, to explain a failed item when
/// libmpv's log does not.
///
/// libmpv routes FFmpeg's messages ("HTTP error 404") to only one instance per process, so with
/// several engines or frame grabbers alive the failing one may never see them. The probe costs
/// one small request, only on the failure path.
enum HTTPStatusProbe {
    /// What the server said.
    enum Answer: Equatable {
        /// An HTTP status code.
        case status(Int)
        /// No answer: refused, reset, timed out or unresolvable.
        case unreachable
    }

    /// Sends a `GET` for the first byte of `url` and waits at most `timeout` seconds.
    /// Blocks the calling thread: call it from the engine's event thread, never the main actor.
    static func answer(for url: URL, timeout: TimeInterval = 2) -> Answer? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("bytes=0-0", forHTTPHeaderField: "Range")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let done = DispatchSemaphore(value: 0)
        let result = ProbeResult()
        let task = session.dataTask(with: request) { _, response, error in
            if let response = response as? HTTPURLResponse {
                result.set(.status(response.statusCode))
            } else if error != nil {
                result.set(.unreachable)
            }
            done.signal()
        }
        task.resume()
        guard done.wait(timeout: .now() + timeout + 0.5) == .success else {
            task.cancel()
            return .unreachable
        }
        return result.value
    }
}

/// The probe's answer, handed from URLSession's thread to the waiting one.
private final class ProbeResult: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: HTTPStatusProbe.Answer?

    func set(_ value: HTTPStatusProbe.Answer) {
        lock.lock()
        answer = value
        lock.unlock()
    }

    var value: HTTPStatusProbe.Answer? {
        lock.lock()
        defer { lock.unlock() }
        return answer
    }
}
