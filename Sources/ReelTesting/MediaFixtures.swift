import Foundation

/// Test media made on demand with the ffmpeg command-line tool and cached in a directory.
///
/// ```swift
/// let clip = try await MediaFixtures.url(for: .shortClip)
/// ```
///
/// A fixture is made the first time it is asked for and reused afterwards, by every test process
/// that shares the directory. Making one is safe under concurrency: inside a process one task
/// makes a file while the others asking for it wait; across processes each maker writes a hidden
/// temporary file in the same directory and renames it into place, so a reader sees either no file
/// or a complete one. The video fixtures need `ffmpeg` on `PATH`; the others do not.
///
/// The cache directory is `REEL_MEDIA_DIR` when that environment variable is set, and otherwise
/// `.build/reel-media/` in the package that holds this source file. Delete the directory to make
/// the fixtures again, for example after a recipe changed.
public struct MediaFixtures: Hashable, Sendable {
    /// Where the fixtures are cached.
    public let directory: URL
    /// The ffmpeg executable to run; `nil` searches `PATH`.
    public let ffmpeg: URL?

    /// Creates a cache in `directory` (by default ``defaultDirectory``) that runs `ffmpeg`
    /// (by default the first `ffmpeg` on `PATH`).
    public init(directory: URL = MediaFixtures.defaultDirectory, ffmpeg: URL? = nil) {
        self.directory = directory.standardizedFileURL
        self.ffmpeg = ffmpeg
    }

    /// The fixtures in ``defaultDirectory``, read anew on each access.
    public static var shared: MediaFixtures { MediaFixtures() }

    /// `REEL_MEDIA_DIR` when set and not empty; otherwise `<package root>/.build/reel-media/`,
    /// where the package root is the nearest folder above this source file that holds
    /// `Package.swift` (or, failing that, `reel-media` in the temporary directory).
    public static var defaultDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["REEL_MEDIA_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return packageCacheDirectory
    }

    /// The URL of `fixture` in ``shared``, made first if needed.
    public static func url(for fixture: Fixture) async throws(MediaFixtureError) -> URL {
        try await shared.url(for: fixture)
    }

    /// A path in ``shared``'s directory where no file exists.
    public static func missingFile() -> URL { shared.missingFile() }

    /// The URL of `fixture`, made first if needed.
    ///
    /// Concurrent calls for the same file make it once. A failed attempt is not cached: the next
    /// call tries again.
    public func url(for fixture: Fixture) async throws(MediaFixtureError) -> URL {
        try await FixtureStore.shared.url(for: fixture, maker: FixtureMaker(directory: directory, ffmpeg: ffmpeg))
    }

    /// Makes every fixture in `fixtures` that is not cached yet, concurrently, and returns their URLs
    /// in the same order. Throws the first failure.
    @discardableResult
    public func prepare(_ fixtures: [Fixture] = Fixture.standard) async throws(MediaFixtureError) -> [URL] {
        let results = await withTaskGroup(of: (Int, Result<URL, MediaFixtureError>).self) { group in
            for (index, fixture) in fixtures.enumerated() {
                group.addTask {
                    do throws(MediaFixtureError) {
                        return (index, .success(try await url(for: fixture)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<URL, MediaFixtureError>?](repeating: nil, count: fixtures.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        return try results.map { result throws(MediaFixtureError) in try result.get() }
    }

    /// A path in ``directory`` where no file exists (a fresh random name; nothing creates it).
    public func missingFile() -> URL {
        while true {
            let candidate = directory.appendingPathComponent("missing-\(UUID().uuidString).mp4")
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
    }

    private static let packageCacheDirectory: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/reel-media", isDirectory: true)
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("reel-media", isDirectory: true)
    }()
}

/// Makes each cached file once per process: the first caller starts the work, later callers for
/// the same path await the same task. An actor, so that the table of running tasks needs no lock.
actor FixtureStore {
    static let shared = FixtureStore()

    private var running: [String: Task<Result<URL, MediaFixtureError>, Never>] = [:]

    func url(for fixture: Fixture, maker: FixtureMaker) async throws(MediaFixtureError) -> URL {
        let destination = maker.directory.appendingPathComponent(fixture.fileName)
        let key = destination.path
        if let task = running[key] { return try await task.value.get() }
        if FileManager.default.fileExists(atPath: key) { return destination }
        // Detached: the work runs off this actor, which stays free to queue up other callers.
        let task = Task.detached { () -> Result<URL, MediaFixtureError> in
            do throws(MediaFixtureError) {
                try await maker.make(fixture, at: destination)
                return .success(destination)
            } catch {
                return .failure(error)
            }
        }
        running[key] = task
        let result = await task.value
        if running[key] == task { running[key] = nil }
        return try result.get()
    }
}
