import Foundation

/// Where `reel` caches what it generates: `$REEL_CACHE_DIR` when set, else
/// `$XDG_CACHE_HOME/reel` (when that is an absolute path, as the XDG spec requires), else
/// `~/.cache/reel`.
enum CacheDirectory {
    /// The cache directory for `environment` (by default the process's).
    static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let override = environment["REEL_CACHE_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: (override as NSString).expandingTildeInPath, isDirectory: true)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("reel", isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache/reel", isDirectory: true)
    }
}
