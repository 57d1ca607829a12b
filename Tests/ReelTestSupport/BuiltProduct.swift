import Foundation

/// An executable of this package that `swift build --build-tests` puts next to the test bundle,
/// such as `reel`, for tests that run it as a child process.
package enum BuiltProduct {
    /// Where the executable `name` was built, or nil when it was not.
    package static func url(named name: String) -> URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        return candidates.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Where the executable `name` was built.
    /// - Throws: `CocoaError.fileNoSuchFile` naming where it was looked for.
    package static func require(_ name: String) throws -> URL {
        guard let url = url(named: name) else {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent(name).path])
        }
        return url
    }
}
