import Foundation
import Glibc

/// The request line and header fields of an HTTP/1.1 request, as the loopback server reads them.
struct HTTPRequestHead {
    /// The method; nil when the request line is malformed.
    var method: String?
    /// The request target; nil when the request line is malformed.
    var target: String?
    /// Header fields with lowercased names.
    var headers: [String: String]

    /// The longest head the server accepts.
    static let maximumSize = 64 * 1024

    /// Reads one request head from `connection`; nil when the client closes (or the server shuts the
    /// connection down) before a whole head arrived, or the head is too long. Bytes after the head
    /// (a body, a pipelined request) are left unread.
    static func read(from connection: Int32) -> HTTPRequestHead? {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        // One byte at a time: heads are small, and nothing after the head is consumed by mistake.
        while head.count < maximumSize {
            let count = recv(connection, &byte, 1, 0)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            head.append(byte)
            if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] {
                return HTTPRequestHead(parsing: String(decoding: head, as: UTF8.self))
            }
        }
        return nil
    }

    /// Parses a head that ends with an empty line.
    init(parsing text: String) {
        var lines = text.components(separatedBy: "\r\n")
        let firstLine = lines.isEmpty ? "" : lines.removeFirst()
        let requestLine = firstLine.split(separator: " ")
        if requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") {
            method = String(requestLine[0])
            target = String(requestLine[1])
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
    }

    /// The standard phrase for `status`.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }

    /// A content type guessed from the file's extension.
    static func contentType(for file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "m4a": "audio/mp4"
        case "mkv": "video/x-matroska"
        case "webm": "video/webm"
        case "ts": "video/mp2t"
        case "mp3": "audio/mpeg"
        case "srt": "application/x-subrip"
        case "vtt": "text/vtt"
        case "m3u8": "application/vnd.apple.mpegurl"
        case "m3u": "audio/x-mpegurl"
        case "txt": "text/plain; charset=utf-8"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}

/// What a `Range` header asks of a body of a known size.
enum ByteRangeRequest: Equatable {
    /// No usable range (none, malformed, or several): the whole body with 200.
    case whole
    /// These bytes, with 206.
    case partial(ClosedRange<Int>)
    /// A range that starts past the end: 416.
    case unsatisfiable

    /// Interprets `header` (`bytes=a-b`, `bytes=a-` or `bytes=-n`) for a body of `size` bytes.
    init(header: String?, size: Int) {
        guard let header, header.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard !spec.contains(","), bounds.count == 2 else {
            self = .whole
            return
        }
        let first = bounds[0].trimmingCharacters(in: .whitespaces)
        let last = bounds[1].trimmingCharacters(in: .whitespaces)
        switch (Int(first), Int(last)) {
        case (let start?, nil) where last.isEmpty && start >= 0:
            self = start < size ? .partial(start...(size - 1)) : .unsatisfiable
        case (let start?, let end?) where start >= 0 && start <= end:
            self = start < size ? .partial(start...min(end, size - 1)) : .unsatisfiable
        case (nil, let suffix?) where first.isEmpty && suffix >= 0:
            self = suffix > 0 && size > 0 ? .partial(max(0, size - suffix)...(size - 1)) : .unsatisfiable
        default:
            self = .whole
        }
    }
}
