import Foundation

/// The entries of a playlist file: M3U (plain or extended, `.m3u` and `.m3u8`) or PLS (`.pls`).
///
/// Reading a playlist opens nothing it names. Every entry passes the app's ``URLPolicy``,
/// relative entries resolve against the playlist's folder, and a local entry that does not exist
/// is left out. Each entry left out is a ``Problem`` that gives its line and a typed reason, so a
/// UI can say what was skipped and why.
///
/// ```swift
/// let url = URL(fileURLWithPath: "/media/party.m3u")
/// if PlaylistFile.format(of: url) != nil {
///     let playlist = try PlaylistFile.read(contentsOf: url)
///     for problem in playlist.problems { print(problem) }
///     if let first = playlist.entries.first { try player.load(first.item) }
/// }
/// ```
///
/// An HLS playlist (a `.m3u8` with `#EXT-X-TARGETDURATION`, `#EXT-X-STREAM-INF`, …) is one
/// stream, not a list: its lines are segments and variants the engine fetches as it plays, and
/// they are never followed here. Its ``isStream`` is true, and ``read(contentsOf:policy:)`` gives
/// the file itself as the only entry, so the caller plays the `.m3u8` as one item.
///
/// An entry that names another playlist (`.m3u`, `.m3u8`, `.pls`) is an ordinary entry. It is not
/// opened here, so reading a playlist never recurses or loops. Most such entries are HLS streams
/// (a list of radio or TV channels), which the engine plays; the engine expands a nested list
/// under its own rules.
public struct PlaylistFile: Sendable, Hashable {
    /// A playlist file's format.
    public enum Format: Sendable, Hashable {
        /// M3U, plain or extended (`.m3u`, `.m3u8`): one path or address a line, each entry
        /// optionally after a `#EXTINF:<seconds>,<title>` line.
        case m3u
        /// PLS (`.pls`): an INI file whose `[playlist]` section has `File<N>=`, `Title<N>=` and
        /// `Length<N>=` keys.
        case pls
    }

    /// One item of a playlist, in the playlist's order.
    public struct Entry: Sendable, Hashable {
        /// What to play: the resolved address, titled by the playlist (`#EXTINF`'s title, PLS's
        /// `Title<N>`), or with a nil title when the playlist gives none.
        public var item: MediaItem
        /// The length the playlist gives, in seconds (`#EXTINF`, PLS's `Length<N>`); nil when it
        /// gives none, or a length of zero or less (`-1` is the formats' "unknown").
        public var duration: TimeInterval?

        /// Creates an entry.
        public init(item: MediaItem, duration: TimeInterval? = nil) {
            self.item = item
            self.duration = duration
        }
    }

    /// An entry that was left out, and why.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Why an entry was left out.
        public enum Reason: Sendable, Hashable {
            /// The address's scheme (lowercased) is not allowed by the ``URLPolicy``; `file` when
            /// a playlist from the network names a local file.
            case refusedScheme(String)
            /// A local entry names a file that does not exist.
            case missingFile
            /// The entry is not a valid address; the text says why.
            case unreadable(String)
        }

        /// The entry's line, counted from 1 (for PLS, the `File<N>=` line).
        public var line: Int
        /// The entry as written, without surrounding spaces (for PLS, the value of `File<N>=`).
        public var text: String
        /// Why the entry was left out.
        public var reason: Reason

        /// Creates a problem.
        public init(line: Int, text: String, reason: Reason) {
            self.line = line
            self.text = text
            self.reason = reason
        }

        /// The line, the entry and the reason, for logs and the command line.
        public var description: String {
            let why =
                switch reason {
                case .refusedScheme(let scheme): "\"\(scheme)\" addresses are not allowed"
                case .missingFile: "the file does not exist"
                case .unreadable(let detail): detail
                }
            return text.isEmpty ? "line \(line): \(why)" : "line \(line): \(text): \(why)"
        }
    }

    /// The entries that may be played, in the playlist's order.
    public var entries: [Entry]
    /// The entries that were left out, by line.
    public var problems: [Problem]
    /// Whether the text is an HLS playlist: one stream to play as a single item, not a list.
    public var isStream: Bool

    /// Creates a playlist.
    public init(entries: [Entry] = [], problems: [Problem] = [], isStream: Bool = false) {
        self.entries = entries
        self.problems = problems
        self.isStream = isStream
    }

    /// The largest playlist file ``read(contentsOf:policy:)`` reads: 4 MiB, tens of thousands of
    /// entries.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// The format a file's name says it has (`.m3u`, `.m3u8`, `.pls`, in any case), or nil.
    ///
    /// A command line uses this to tell a playlist argument from media. The name is all it looks
    /// at: a `.m3u8` may still be an HLS stream, which ``read(contentsOf:policy:)`` tells.
    public static func format(of url: URL) -> Format? {
        switch url.pathExtension.lowercased() {
        case "m3u", "m3u8": .m3u
        case "pls": .pls
        default: nil
        }
    }

    /// Reads a local playlist file.
    ///
    /// The format comes from the content when it starts with `#EXTM3U` or `[playlist]`, else from
    /// the file's extension. Text that is not valid UTF-8 is read as Latin-1, as players do with
    /// old `.m3u` and `.pls` files (a `.m3u8` is UTF-8 by definition: its invalid bytes become
    /// U+FFFD). An HLS playlist comes back with ``isStream`` set and the file itself as its only
    /// entry. Entries follow the rules of ``parse(_:format:base:policy:fileExists:)``, relative to
    /// the file's folder.
    ///
    /// - Throws: ``PlayerError/Code/fileNotFound`` when the file does not exist or cannot be read;
    ///   ``PlayerError/Code/unsupportedFormat`` when it is not a regular file, is larger than
    ///   ``maximumFileSize``, holds binary data, or is neither M3U nor PLS;
    ///   ``PlayerError/Code/invalidArgument`` when `url` is not a local file; the policy's error
    ///   when it refuses `url`.
    public static func read(contentsOf url: URL, policy: URLPolicy = .standard) throws(PlayerError) -> PlaylistFile {
        guard url.isFileURL else {
            throw PlayerError(
                .invalidArgument, message: "Only local playlist files can be read, not \"\(url.absoluteString)\".")
        }
        try policy.check(url)
        let data = try contents(of: url)
        guard !data.contains(0) else {
            throw PlayerError(.unsupportedFormat, message: "\"\(url.path)\" is not a text playlist.")
        }
        let text = decode(data, strictlyUTF8: url.pathExtension.lowercased() == "m3u8")
        guard let format = sniffedFormat(of: text) ?? Self.format(of: url) else {
            throw PlayerError(.unsupportedFormat, message: "\"\(url.path)\" is not an M3U or PLS playlist.")
        }
        var playlist = parse(text, format: format, base: url.deletingLastPathComponent(), policy: policy)
        if playlist.isStream {
            playlist.entries = [Entry(item: MediaItem(url: url.absoluteURL.standardizedFileURL))]
        }
        return playlist
    }

    /// Reads the entries of a playlist's text.
    ///
    /// - An entry with a scheme (`name://…`, or `name:…` when the scheme is one the policy knows,
    ///   allowed or forbidden) is an address; it must pass `policy`. A `file:` address must name an
    ///   absolute path on this host.
    /// - Any other entry is a path, never percent-decoded (`a%20b.mkv` is that name) and never
    ///   `~`-expanded: absolute (`/…`), or relative to `base`, `..` included. A colon does not make
    ///   a scheme (`Live: 2010.mp3` is a name). With a remote `base`, a relative entry is a URL
    ///   reference against it, and local files are refused (`refusedScheme("file")`), as a web
    ///   page may not open local files.
    /// - A local entry must exist (`fileExists` is asked for its path) or it is a
    ///   ``Problem/Reason/missingFile``.
    /// - Lines end in LF, CRLF or CR; a leading byte order mark, blank lines and spaces around
    ///   an entry are ignored.
    /// - M3U: lines that start with `#` are comments, except `#EXTINF:<seconds>[ attributes],<title>`,
    ///   which titles the next entry only, even when that entry is left out. HLS text (a line with
    ///   `#EXT-X-TARGETDURATION`, `#EXT-X-MEDIA-SEQUENCE`, `#EXT-X-STREAM-INF`,
    ///   `#EXT-X-I-FRAME-STREAM-INF`, `#EXT-X-PLAYLIST-TYPE` or `#EXT-X-ENDLIST`) gives no entries and
    ///   ``isStream`` true.
    /// - PLS: keys are case-insensitive; entries are ordered by `N` in `File<N>`, gaps allowed;
    ///   `Title<N>` and `Length<N>` go with the `File<N>` of the same `N`; a value in double quotes
    ///   loses them; the last of two equal keys wins. `NumberOfEntries` and `Version` are not
    ///   needed (the count is often wrong) and other keys are ignored.
    ///
    /// - Parameters:
    ///   - text: The playlist's text.
    ///   - format: Its format.
    ///   - base: The folder relative entries start from: the playlist's folder.
    ///   - policy: The addresses the entries may have.
    ///   - fileExists: Whether a local path exists (tests replace the file system with a set).
    public static func parse(
        _ text: String,
        format: Format,
        base: URL,
        policy: URLPolicy = .standard,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> PlaylistFile {
        let lines = Self.lines(of: text)
        var playlist = PlaylistFile()
        func add(_ text: String, line: Int, title: String?, duration: TimeInterval?) {
            switch resolve(text, base: base, policy: policy, fileExists: fileExists) {
            case .success(let url):
                playlist.entries.append(Entry(item: MediaItem(url: url, title: title), duration: duration))
            case .failure(let refusal):
                playlist.problems.append(Problem(line: line, text: text, reason: refusal.reason))
            }
        }
        switch format {
        case .m3u:
            if lines.contains(where: isHLSTag) { return PlaylistFile(isStream: true) }
            var pending: (duration: TimeInterval?, title: String?)?
            for (index, raw) in lines.enumerated() {
                // A comment is skipped without copying or trimming it (a playlist may be one
                // 4 MiB comment); only `#EXTINF` lines are read.
                let start = raw.drop(while: \.isWhitespace)
                if start.first == "#" {
                    if start.prefix(8).uppercased() == "#EXTINF:", let info = extinf(String(start)) { pending = info }
                    continue
                }
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty { continue }
                add(line, line: index + 1, title: pending?.title, duration: pending?.duration)
                pending = nil
            }
        case .pls:
            var files: [Int: (line: Int, text: String)] = [:]
            var titles: [Int: String] = [:]
            var lengths: [Int: TimeInterval] = [:]
            for (index, raw) in lines.enumerated() {
                guard let equals = raw.firstIndex(of: "=") else { continue }
                let key = raw[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                let value = unquoted(raw[raw.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                if let n = number(in: key, after: "file") {
                    files[n] = (index + 1, value)
                } else if let n = number(in: key, after: "title") {
                    titles[n] = value.isEmpty ? nil : value
                } else if let n = number(in: key, after: "length") {
                    lengths[n] = duration(value)
                }
            }
            for n in files.keys.sorted() {
                let file = files[n]!
                guard !file.text.isEmpty else {
                    playlist.problems.append(
                        Problem(line: file.line, text: "", reason: .unreadable("the entry is empty")))
                    continue
                }
                add(file.text, line: file.line, title: titles[n], duration: lengths[n])
            }
            playlist.problems.sort { $0.line < $1.line }
        }
        return playlist
    }
}

// MARK: - Entries

extension PlaylistFile {
    /// Why ``resolve(_:base:policy:fileExists:)`` left an entry out.
    private struct Refusal: Error {
        var reason: Problem.Reason
        init(_ reason: Problem.Reason) { self.reason = reason }
    }

    /// The URL an entry names, if it may be played (see ``parse(_:format:base:policy:fileExists:)``).
    private static func resolve(
        _ text: String, base: URL, policy: URLPolicy, fileExists: (String) -> Bool
    ) -> Result<URL, Refusal> {
        let isRemotePlaylist = base.scheme?.lowercased() != "file"
        let url: URL
        if let scheme = scheme(of: text, policy: policy) {
            guard policy.allowedSchemes.contains(scheme) else { return .failure(Refusal(.refusedScheme(scheme))) }
            guard let parsed = URL(string: text) else { return .failure(Refusal(.unreadable("not a valid address"))) }
            url = parsed
        } else if isRemotePlaylist {
            guard let parsed = URL(string: text, relativeTo: base)?.absoluteURL else {
                return .failure(Refusal(.unreadable("not a valid address")))
            }
            url = parsed
        } else {
            url = localURL(text, in: base)
        }
        do {
            try policy.check(url)
        } catch {
            if case .refusedScheme(let scheme) = error.code { return .failure(Refusal(.refusedScheme(scheme))) }
            return .failure(Refusal(.unreadable(error.message)))
        }
        guard url.scheme?.lowercased() == "file" else { return .success(url) }
        if isRemotePlaylist { return .failure(Refusal(.refusedScheme("file"))) }
        if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            return .failure(Refusal(.unreadable("the file address names another host")))
        }
        guard url.path.hasPrefix("/") else {
            return .failure(Refusal(.unreadable("the file address has no absolute path")))
        }
        guard fileExists(url.path) else { return .failure(Refusal(.missingFile)) }
        return .success(url)
    }

    /// The lowercased scheme when `text` is an address: `name://…`, or `name:…` with a scheme the
    /// policy allows or forbids. Nil for a path, which may hold a colon (`Live: 2010.mp3`,
    /// `C:\music`).
    private static func scheme(of text: String, policy: URLPolicy) -> String? {
        guard let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) > 1 else {
            return nil
        }
        let name = text[..<colon]
        let isScheme =
            name.first.map { $0.isASCII && $0.isLetter } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        guard isScheme else { return nil }
        let scheme = name.lowercased()
        let isKnown = policy.allowedSchemes.contains(scheme) || URLPolicy.forbiddenSchemes.contains(scheme)
        return text[colon...].hasPrefix("://") || isKnown ? scheme : nil
    }

    /// A path as written (no `~`, no percent-decoding), absolute or relative to `folder`.
    private static func localURL(_ path: String, in folder: URL) -> URL {
        var joined = path
        if !path.hasPrefix("/") {
            let folderPath = folder.absoluteURL.path
            joined = folderPath.hasSuffix("/") ? folderPath + path : folderPath + "/" + path
        }
        return URL(fileURLWithPath: joined).standardizedFileURL
    }
}

// MARK: - Text

extension PlaylistFile {
    /// HLS tags that only a media playlist or a master playlist carries.
    private static let hlsTags: Set<String> = [
        "#EXT-X-TARGETDURATION", "#EXT-X-MEDIA-SEQUENCE", "#EXT-X-STREAM-INF", "#EXT-X-I-FRAME-STREAM-INF",
        "#EXT-X-PLAYLIST-TYPE", "#EXT-X-ENDLIST",
    ]

    /// The lines of `text`, without a leading byte order mark, split at LF, CRLF and CR.
    /// The lines of `text`, split at LF, CRLF and CR on its UTF-8 bytes (both are ASCII, so every
    /// cut is a character boundary): a split by `Character` walked grapheme clusters and took a
    /// second for a 4 MiB playlist in a debug build.
    private static func lines(of text: String) -> [Substring] {
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        let bytes = text.utf8
        var lines: [Substring] = []
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = bytes.index(after: index)
            if byte == 0x0D, index < bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            start = index
        }
        lines.append(text[start..<bytes.endIndex])
        return lines
    }

    private static func isHLSTag(_ line: Substring) -> Bool {
        let start = line.drop(while: \.isWhitespace)
        guard start.first == "#" else { return false }
        // The longest tag is 26 characters: look no further into a long line.
        let tag = start.prefix(32).prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces)
        return hlsTags.contains(tag.uppercased())
    }

    /// The length and title of `#EXTINF:<seconds>[ attributes],<title>`, or nil for another line.
    /// Attributes may quote commas (`tvg-name="a, b"`); the title is what follows the first comma
    /// outside quotes.
    private static func extinf(_ line: String) -> (duration: TimeInterval?, title: String?)? {
        let prefix = "#EXTINF:"
        guard line.prefix(prefix.count).uppercased() == prefix else { return nil }
        let body = line.dropFirst(prefix.count)
        let length = duration(String(body.prefix { !$0.isWhitespace && $0 != "," }))
        var inQuotes = false
        var comma: Substring.Index?
        for index in body.indices {
            if body[index] == "\"" {
                inQuotes.toggle()
            } else if body[index] == ",", !inQuotes {
                comma = index
                break
            }
        }
        let title = comma.map { body[body.index(after: $0)...].trimmingCharacters(in: .whitespaces) }
        return (length, title?.isEmpty == false ? title : nil)
    }

    /// Seconds, or nil for text that is not a finite length above zero (`-1` is "unknown").
    private static func duration(_ text: String) -> TimeInterval? {
        guard let seconds = TimeInterval(text), seconds.isFinite, seconds > 0 else { return nil }
        return seconds
    }

    /// `N` of a PLS key such as `file12` (already lowercased).
    private static func number(in key: String, after name: String) -> Int? {
        guard key.hasPrefix(name) else { return nil }
        let digits = key.dropFirst(name.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        return String(value.dropFirst().dropLast())
    }

    /// `.m3u` from a first line of `#EXTM3U…`, `.pls` from `[playlist]`, or nil.
    private static func sniffedFormat(of text: String) -> Format? {
        let trimmed = lines(of: text).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = trimmed.first(where: { !$0.isEmpty }) else { return nil }
        if first.prefix(7).uppercased() == "#EXTM3U" { return .m3u }
        if first.lowercased() == "[playlist]" { return .pls }
        return nil
    }
}

// MARK: - Files

extension PlaylistFile {
    /// The bytes of a regular file, at most ``maximumFileSize`` of them.
    private static func contents(of url: URL) throws(PlayerError) -> Data {
        let path = url.path
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else {
            throw PlayerError(.fileNotFound, message: "The playlist \"\(path)\" does not exist.")
        }
        // A folder, a FIFO (which would block the read) or a device is not a playlist.
        let attributes = try? manager.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw PlayerError(.unsupportedFormat, message: "\"\(path)\" is not a playlist file.")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
        } catch {
            throw PlayerError(.fileNotFound, message: "The playlist \"\(path)\" cannot be read.")
        }
        guard data.count <= maximumFileSize else {
            throw PlayerError(
                .unsupportedFormat,
                message: "The playlist \"\(path)\" is larger than \(maximumFileSize / 1024 / 1024) MiB.")
        }
        return data
    }

    /// UTF-8 (without its byte order mark), else Latin-1, or UTF-8 with U+FFFD when
    /// `strictlyUTF8`.
    private static func decode(_ data: Data, strictlyUTF8: Bool) -> String {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Data(bytes.dropFirst(3)) }
        if let text = String(data: bytes, encoding: .utf8) { return text }
        if strictlyUTF8 { return String(decoding: bytes, as: UTF8.self) }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
