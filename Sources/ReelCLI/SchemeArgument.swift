import ArgumentParser
import Foundation
import ReelCore

/// `--allow-scheme`'s value: a URL scheme the engine may open besides `file`, `http` and
/// `https`, such as `rtsp`; lowercased. Schemes the framework never allows
/// (`URLPolicy.forbiddenSchemes`) and text that is no scheme are refused before anything plays.
struct SchemeArgument: Hashable, Sendable {
    /// The lowercased scheme.
    let scheme: String

    /// Parses a command-line string.
    /// - Throws: `ValidationError` for text that is no scheme, or a forbidden scheme.
    init(parsing text: String) throws(ValidationError) {
        let scheme = text.lowercased()
        guard scheme.range(of: #"^[a-z][a-z0-9+.\-]*$"#, options: .regularExpression) != nil else {
            throw ValidationError("\"\(text)\" is not a URL scheme (such as rtsp, rtmp or srt).")
        }
        guard !URLPolicy.forbiddenSchemes.contains(scheme) else {
            throw ValidationError(
                "The scheme \"\(scheme)\" is never allowed: it can make the engine run code or read local data.")
        }
        self.scheme = scheme
    }
}

extension PlaybackOptions {
    /// The URL policy `--allow-scheme` asks for: the standard one plus each scheme given.
    var urlPolicy: URLPolicy {
        allowedSchemes.reduce(URLPolicy.standard) { $0.allowing($1.scheme) }
    }
}
