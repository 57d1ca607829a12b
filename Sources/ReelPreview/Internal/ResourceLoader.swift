import Foundation
import NIOConcurrencyHelpers
import ReelCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a thumbnail track, a sprite sheet or artwork from a file or over HTTP(S), bounded
/// against hostile sources: at most ``maximumBytes``, and over HTTP(S) within ``timeout`` from
/// the request to the last byte, so a server that never answers or trickles cannot hold a
/// reader. Only regular files are read (a FIFO or a device would block or never end).
struct ResourceLoader: Sendable {
    /// Which addresses may be read (redirects included); only `file`, `http` and `https` can be.
    var policy: URLPolicy
    /// Seconds an HTTP(S) read may take in all.
    var timeout: Double
    /// The most bytes a resource may have.
    var maximumBytes = 64 << 20

    /// The bytes at `url`.
    /// - Throws: ``ThumbnailError/Code/refusedScheme(_:)``, ``ThumbnailError/Code/fileNotFound``,
    ///   ``ThumbnailError/Code/unsupportedFormat`` (not a regular file),
    ///   ``ThumbnailError/Code/tooLarge``, ``ThumbnailError/Code/httpStatus(_:)``,
    ///   ``ThumbnailError/Code/networkUnreachable`` (also when ``timeout`` passed) or
    ///   ``ThumbnailError/Code/cancelled``.
    func data(from url: URL) async throws(ThumbnailError) -> Data {
        try check(url)
        if url.isFileURL { return try readFile(url) }
        let download = BoundedDownload(url: url, loader: self)
        return try await download.run()
    }

    /// Throws unless the policy allows `url` and it is a file or an HTTP(S) address.
    func check(_ url: URL) throws(ThumbnailError) {
        do {
            try policy.check(url)
        } catch {
            throw ThumbnailError(error)
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard ["file", "http", "https"].contains(scheme) else { throw ThumbnailError(.refusedScheme(scheme)) }
    }

    /// The error for a resource of more than ``maximumBytes``.
    func tooLarge(_ url: URL, bytes: Int64? = nil) -> ThumbnailError {
        let size = bytes.map { "\($0) bytes" } ?? "More than \(maximumBytes) bytes"
        return ThumbnailError(
            .tooLarge, message: "\(url.lastPathComponent) is too large to read.",
            detail: "\(size); at most \(maximumBytes) are read")
    }

    private func readFile(_ url: URL) throws(ThumbnailError) -> Data {
        let path = url.resolvingSymlinksInPath().path
        let name = url.lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw ThumbnailError(.fileNotFound, message: "The file \"\(name)\" could not be read.")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ThumbnailError(.unsupportedFormat, message: "\"\(name)\" is not a regular file.")
        }
        if let size = (attributes[.size] as? NSNumber)?.int64Value, size > Int64(maximumBytes) {
            throw tooLarge(url, bytes: size)
        }
        // A file that grows while it is read stops at the bound too.
        guard let handle = FileHandle(forReadingAtPath: path),
            let data = try? handle.read(upToCount: maximumBytes + 1)
        else {
            throw ThumbnailError(.fileNotFound, message: "The file \"\(name)\" could not be read.")
        }
        try? handle.close()
        guard data.count <= maximumBytes else { throw tooLarge(url) }
        return data
    }
}

/// One HTTP(S) read through a `URLSession` of its own whose delegate counts the bytes: it stops
/// at the first byte past the bound, at an error status, at a redirect the policy refuses, at the
/// deadline, or when the calling task is cancelled, whichever comes first, and answers once.
private final class BoundedDownload: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var data = Data()
        var continuation: CheckedContinuation<Result<Data, ThumbnailError>, Never>?
        var outcome: Result<Data, ThumbnailError>?
        var task: URLSessionDataTask?
        var session: URLSession?
    }

    private let url: URL
    private let loader: ResourceLoader
    private let state = NIOLockedValueBox(State())

    init(url: URL, loader: ResourceLoader) {
        self.url = url
        self.loader = loader
    }

    func run() async throws(ThumbnailError) -> Data {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in start(continuation) }
        } onCancel: {
            finish(.failure(ThumbnailError(.cancelled)))
        }
        return try result.get()
    }

    private func start(_ continuation: CheckedContinuation<Result<Data, ThumbnailError>, Never>) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = loader.timeout
        configuration.timeoutIntervalForResource = loader.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: URLRequest(url: url, timeoutInterval: loader.timeout))
        let outcome = state.withLockedValue { state -> Result<Data, ThumbnailError>? in
            state.continuation = continuation
            state.task = task
            state.session = session
            return state.outcome
        }
        // Cancelled before it started.
        if let outcome {
            finish(outcome)
            return
        }
        let deadline = ThumbnailError(
            .networkUnreachable,
            message: "\(url.host ?? "The server") did not send \(url.lastPathComponent) within \(loader.timeout) s.")
        DispatchQueue.global().asyncAfter(deadline: .now() + loader.timeout) { [weak self] in
            self?.finish(.failure(deadline))
        }
        task.resume()
    }

    /// Answers once; later outcomes are dropped. Stops the task and releases the session.
    private func finish(_ outcome: Result<Data, ThumbnailError>) {
        let (continuation, task, session) = state.withLockedValue { state in
            if state.outcome == nil { state.outcome = outcome }
            let taken = (state.continuation, state.task, state.session)
            state.continuation = nil
            state.task = nil
            state.session = nil
            return taken
        }
        task?.cancel()
        session?.invalidateAndCancel()
        continuation?.resume(returning: state.withLockedValue { $0.outcome ?? outcome })
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            completionHandler(.cancel)
            finish(.failure(ThumbnailError(.httpStatus(response.statusCode), detail: url.absoluteString)))
        } else if response.expectedContentLength > Int64(loader.maximumBytes) {
            completionHandler(.cancel)
            finish(.failure(loader.tooLarge(url, bytes: response.expectedContentLength)))
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLockedValue { state in
            state.data.append(data)
            return state.data.count > loader.maximumBytes
        }
        if over { finish(.failure(loader.tooLarge(url))) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let target = request.url else { return completionHandler(nil) }
        do throws(ThumbnailError) {
            try loader.check(target)
            completionHandler(request)
        } catch {
            completionHandler(nil)
            finish(.failure(error))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else {
            finish(.success(state.withLockedValue { $0.data }))
            return
        }
        finish(
            .failure(
                ThumbnailError(
                    .networkUnreachable, message: "\(url.host ?? "The server") could not be reached.",
                    detail: "\(error)")))
    }
}
