import Foundation

/// Which addresses an engine may open.
///
/// Every URL that reaches an engine (media, external subtitles, and the entries of remote
/// playlists) passes through the policy first; a refused URL yields
/// ``PlayerError/Code/refusedScheme(_:)`` and never reaches the engine.
///
/// The default allows `file`, `http` and `https`. Schemes that make an engine run code, read
/// process memory or synthesize media (`ytdl`, `av`, `lavfi`, `edl`, `memory`, `fd`, …) are
/// refused even if an app adds them.
public struct URLPolicy: Hashable, Sendable {
    /// The lowercased schemes that may be opened.
    public private(set) var allowedSchemes: Set<String>

    /// Schemes that are never allowed, whatever the app asks for.
    public static let forbiddenSchemes: Set<String> = [
        "ytdl", "av", "lavfi", "edl", "memory", "fd", "fdclose", "mf", "null", "slice",
        "subprocess", "cdda", "dvb", "dvd", "dvdnav", "bd", "bluray", "smb", "archive", "appending",
    ]

    /// `file`, `http` and `https`.
    public static let standard = URLPolicy(allowing: ["file", "http", "https"])

    /// Creates a policy that allows the given schemes, minus ``forbiddenSchemes``.
    public init(allowing schemes: Set<String>) {
        allowedSchemes = Set(schemes.map { $0.lowercased() }).subtracting(Self.forbiddenSchemes)
    }

    /// Returns a copy that also allows `scheme` (unless it is forbidden).
    public func allowing(_ scheme: String) -> URLPolicy {
        URLPolicy(allowing: allowedSchemes.union([scheme]))
    }

    /// Throws unless `url` may be opened.
    public func check(_ url: URL) throws(PlayerError) {
        guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
            throw PlayerError(.refusedScheme(""), message: "The address \"\(url.absoluteString)\" has no scheme.")
        }
        guard allowedSchemes.contains(scheme) else {
            throw PlayerError(.refusedScheme(scheme))
        }
        if scheme == "file", url.path.isEmpty {
            throw PlayerError(.invalidArgument, message: "The file address has no path.")
        }
    }

    /// Turns what a user typed (a path or an address) into a URL this policy allows.
    ///
    /// A string with a scheme (`name:` before anything else) is judged by its scheme before it
    /// is parsed, so `av://lavfi:testsrc` is refused even though it is not a valid URL. Anything
    /// else is a file path, relative to `directory`, with `~` expanded.
    public func resolve(_ text: String, relativeTo directory: URL? = nil) throws(PlayerError) -> URL {
        if let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) > 1 {
            let scheme = String(text[..<colon])
            let isScheme =
                scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            if isScheme {
                guard allowedSchemes.contains(scheme.lowercased()) else {
                    throw PlayerError(.refusedScheme(scheme.lowercased()))
                }
                guard let url = URL(string: text) else {
                    throw PlayerError(.invalidArgument, message: "\"\(text)\" is not a valid address.")
                }
                try check(url)
                return url
            }
        }
        guard !text.isEmpty else { throw PlayerError(.invalidArgument, message: "No file or address was given.") }
        let path = (text as NSString).expandingTildeInPath
        let base = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
    }
}
