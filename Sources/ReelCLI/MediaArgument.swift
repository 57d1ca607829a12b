import ArgumentParser
import Foundation
import ReelCore

/// The `<file|url>` argument: a string with `scheme://` is a URL; anything else is a path, with
/// `~` expanded and a relative path resolved against the current directory.
///
/// Whether the scheme may be played is not judged here but by the engine's `URLPolicy` when the
/// item is loaded, so that `reel` refuses exactly what the framework refuses.
struct MediaArgument: Hashable, Sendable {
    /// The address to open.
    let url: URL

    /// A short name for messages: the file name of a file, the whole address otherwise.
    var displayName: String { url.isFileURL ? url.lastPathComponent : url.absoluteString }

    /// Parses a command-line string.
    /// - Throws: `ValidationError` for an empty string or an address that is not a valid URL.
    init(parsing text: String) throws(ValidationError) {
        guard !text.isEmpty else { throw ValidationError("The media path is empty.") }
        if text.range(of: #"^[A-Za-z][A-Za-z0-9+.\-]*://"#, options: .regularExpression) != nil {
            guard let url = URL(string: text), url.scheme != nil else {
                // `av://lavfi:testsrc` is no valid URL, but its scheme is what to report.
                do {
                    _ = try URLPolicy.standard.resolve(text)
                } catch {
                    throw ValidationError(error.message)
                }
                throw ValidationError("\"\(text)\" is not a valid URL.")
            }
            self.url = url
        } else {
            let path = (text as NSString).expandingTildeInPath
            url = URL(fileURLWithPath: path).standardizedFileURL
        }
    }
}
