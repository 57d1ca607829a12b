import Foundation

extension LoopbackHTTPServer {
    /// How the server answers requests for one path.
    ///
    /// Every behaviour that serves bytes (``file(_:contentType:)``, ``text(_:contentType:)``,
    /// ``resetAfter(bytes:of:)``, ``stallAfter(bytes:of:gate:)`` and ``throttled(_:bytesPerSecond:)``)
    /// answers `HEAD` and `GET`, sends `Content-Length` and `Accept-Ranges: bytes`, and honours a
    /// single `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` with `206 Partial Content` and
    /// `Content-Range` (or `416` when the range starts past the end). Byte offsets in the
    /// behaviours count from the start of the file, whatever range was asked for.
    package enum Behaviour: Sendable {
        /// The file's bytes. `contentType` defaults to a type guessed from the file extension
        /// (`video/mp4` for `.mp4`, `video/x-matroska` for `.mkv`, …). A missing file answers 404.
        case file(URL, contentType: String? = nil)
        /// The text's UTF-8 bytes, for playlists and manifests.
        case text(String, contentType: String = "text/plain; charset=utf-8")
        /// This status code with a one-line text body, such as 404 or 500.
        case status(Int)
        /// `302 Found` with this `Location` (a path such as `"/b"` or a whole URL); two routes that
        /// redirect to each other make a loop.
        case redirect(to: String)
        /// The file up to byte offset `bytes`, then a TCP reset: the server waits (up to a second)
        /// until the client has acknowledged the bytes sent, then closes with `SO_LINGER` 0. A request
        /// whose range starts at or past the offset gets its headers and then the reset.
        case resetAfter(bytes: Int, of: URL)
        /// As ``resetAfter(bytes:of:)`` for the route's first request only; the requests after it
        /// get the file (a dropped connection that reconnecting recovers).
        case resetOnceAfter(bytes: Int, of: URL)
        /// The file up to byte offset `bytes`; then the connection waits until `gate` is opened (or
        /// the server stops) before it sends the rest. A request whose range starts at or past the
        /// offset waits right after its headers.
        case stallAfter(bytes: Int, of: URL, gate: StallGate)
        /// The file, sent no faster than `bytesPerSecond`.
        case throttled(URL, bytesPerSecond: Int)
        /// Text made anew for each request (a live playlist that grows as it is asked for): the
        /// closure runs on the connection's thread.
        case generated(@Sendable () -> String, contentType: String = "text/plain; charset=utf-8")
    }
}
