import Foundation
import NIOConcurrencyHelpers

/// A disk cache of thumbnails made from local files, keyed by the file's path, size and
/// modification time and by the thumbnail width (and precision), with a size cap.
///
/// ```swift
/// let cache = ThumbnailCache(directory: ThumbnailCache.defaultDirectory, capacity: 200 << 20)
/// let provider = try LocalThumbnailProvider(file: clip, options: .init(width: 160, cache: cache))
/// ```
///
/// Each media file (at one width and precision) gets a folder named by a hash of its path; the
/// folder's `key` file records the size and modification time the thumbnails were made from.
/// When the file changes, the next lookup finds a different size or time, empties the folder
/// and starts again. Thumbnails are stored uncompressed (RGBA, with a small header), so a hit
/// costs one file read and no decoding; 160×90 is 57.6 kB.
///
/// When the cache grows past ``capacity`` it deletes the least recently used thumbnails (a hit
/// refreshes a file's modification time) until it is below 80 % of it.
///
/// ## Threading
/// Safe to use from any thread; one instance may serve many providers. Several processes may
/// share a directory: files are written under a temporary name and renamed into place, and a
/// file that cannot be read is a miss.
public final class ThumbnailCache: Sendable {
    /// What the cache has done since it was created.
    public struct Statistics: Hashable, Sendable {
        /// Lookups answered from disk.
        public var hits = 0
        /// Lookups that found nothing.
        public var misses = 0
        /// Thumbnails written.
        public var stores = 0
        /// Thumbnails deleted to stay under the cap.
        public var evictions = 0
        /// Folders emptied because their file changed.
        public var invalidations = 0
    }

    /// The file and settings thumbnails belong to.
    struct MediaKey: Hashable, Sendable {
        var path: String
        var size: Int64
        var modified: Int64
        var width: Int
        var variant: String

        /// Reads the file's size and modification time (nanoseconds); nil when it cannot be read.
        init?(file: URL, width: Int, variant: String) {
            var info = stat()
            let path = file.standardizedFileURL.path
            guard stat(path, &info) == 0 else { return nil }
            self.path = path
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            self.width = width
            self.variant = variant
        }

        /// The folder's name: a hash of what stays the same while the file changes.
        var folderName: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(path)\u{0}\(width)\u{0}\(variant)".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }

        /// The contents of the folder's `key` file.
        var record: String { "reel-thumbnails 1\n\(path)\n\(size)\n\(modified)\n\(width)\n\(variant)\n" }
    }

    private struct State {
        var statistics = Statistics()
        /// Bytes on disk, once counted.
        var size: Int?
        /// The key record each folder was checked against in this process.
        var validated: [String: String] = [:]
    }

    /// The folder that holds the cache.
    public let directory: URL
    /// The most bytes the cache keeps.
    public let capacity: Int

    private let state = NIOLockedValueBox(State())

    /// Creates a cache in `directory` (made when first written) that keeps at most `capacity`
    /// bytes (default 200 MiB).
    public init(directory: URL = ThumbnailCache.defaultDirectory, capacity: Int = 200 << 20) {
        self.directory = directory.standardizedFileURL
        self.capacity = max(0, capacity)
    }

    /// `$XDG_CACHE_HOME/reel/thumbnails`, or `~/.cache/reel/thumbnails`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        return base.appendingPathComponent("reel/thumbnails", isDirectory: true)
    }

    /// What the cache has done so far.
    public var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// The bytes the cache holds on disk now (counted on first use, then kept up to date).
    public var size: Int { currentSize() }

    /// Deletes every cached thumbnail.
    public func removeAll() {
        try? FileManager.default.removeItem(at: directory)
        state.withLockedValue { state in
            state.size = 0
            state.validated.removeAll()
        }
    }

    // MARK: - Lookups and stores

    /// The cached thumbnail for `time` (to the millisecond), or nil.
    func thumbnail(for key: MediaKey, at time: Double) -> Thumbnail? {
        let file = url(for: key, time: time)
        guard validate(key), let data = try? Data(contentsOf: file), let thumbnail = Self.decode(data, requested: time)
        else {
            state.withLockedValue { $0.statistics.misses += 1 }
            return nil
        }
        // Marks the file as recently used, for eviction.
        utimes(file.path, nil)
        state.withLockedValue { $0.statistics.hits += 1 }
        return thumbnail
    }

    /// Stores `thumbnail` under its requested time; then evicts if the cache is over its cap.
    func store(_ thumbnail: Thumbnail, for key: MediaKey) {
        guard capacity > 0, validate(key) else { return }
        let data = Self.encode(thumbnail)
        let file = url(for: key, time: thumbnail.requestedTime)
        guard write(data, to: file) else { return }
        let total = state.withLockedValue { state in
            state.statistics.stores += 1
            state.size = state.size.map { $0 + data.count }
            return state.size
        }
        if (total ?? currentSize()) > capacity { evict() }
    }

    private func url(for key: MediaKey, time: Double) -> URL {
        let milliseconds = Int64((max(0, time) * 1000).rounded())
        return directory.appendingPathComponent(key.folderName, isDirectory: true)
            .appendingPathComponent("\(milliseconds).thumb")
    }

    /// Makes sure the key's folder belongs to this size and modification time, emptying it when
    /// the file changed. False when the folder cannot be made.
    private func validate(_ key: MediaKey) -> Bool {
        let name = key.folderName
        if state.withLockedValue({ $0.validated[name] == key.record }) { return true }
        let folder = directory.appendingPathComponent(name, isDirectory: true)
        let keyFile = folder.appendingPathComponent("key")
        let recorded = try? String(contentsOf: keyFile, encoding: .utf8)
        if recorded != key.record {
            if recorded != nil {
                let freed = Self.folderSize(folder)
                try? FileManager.default.removeItem(at: folder)
                state.withLockedValue { state in
                    state.statistics.invalidations += 1
                    state.size = state.size.map { max(0, $0 - freed) }
                }
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                return false
            }
            guard write(Data(key.record.utf8), to: keyFile) else { return false }
        }
        state.withLockedValue { $0.validated[name] = key.record }
        return true
    }

    /// Writes under a temporary name and renames into place.
    private func write(_ data: Data, to file: URL) -> Bool {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: temporary)
        } catch {
            return false
        }
        guard rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    // MARK: - Size and eviction

    private func currentSize() -> Int {
        if let size = state.withLockedValue({ $0.size }) { return size }
        let counted = Self.folderSize(directory)
        return state.withLockedValue { state in
            if state.size == nil { state.size = counted }
            return state.size ?? counted
        }
    }

    /// Deletes the least recently used thumbnails until the cache is below 80 % of its cap.
    private func evict() {
        var files: [(url: URL, size: Int, used: Date)] = []
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys)
        var total = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "thumb", let values = try? url.resourceValues(forKeys: Set(keys)),
                values.isRegularFile == true
            else { continue }
            let size = values.fileSize ?? 0
            total += size
            files.append((url, size, values.contentModificationDate ?? .distantPast))
        }
        let target = capacity / 5 * 4
        var evicted = 0
        for file in files.sorted(by: { $0.used < $1.used }) where total > target {
            if unlink(file.url.path) == 0 {
                total -= file.size
                evicted += 1
            }
        }
        state.withLockedValue { state in
            state.size = total
            state.statistics.evictions += evicted
        }
    }

    private static func folderSize(_ folder: URL) -> Int {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "thumb" else { continue }
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }

    // MARK: - File format

    /// "RTH1", then width and height (UInt32), the shown time (Float64 bits), all little-endian,
    /// then the RGBA pixels.
    private static let magic: [UInt8] = Array("RTH1".utf8)
    private static let headerSize = 20

    static func encode(_ thumbnail: Thumbnail) -> Data {
        var data = Data(capacity: headerSize + thumbnail.pixels.count)
        data.append(contentsOf: magic)
        withUnsafeBytes(of: UInt32(thumbnail.width).littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(thumbnail.height).littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: thumbnail.time.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: thumbnail.pixels)
        return data
    }

    static func decode(_ data: Data, requested: Double) -> Thumbnail? {
        guard data.count >= headerSize, Array(data.prefix(4)) == magic else { return nil }
        func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
            data.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        let width = Int(integer(UInt32.self, at: 4))
        let height = Int(integer(UInt32.self, at: 8))
        let time = Double(bitPattern: integer(UInt64.self, at: 12))
        guard width > 0, height > 0, data.count == headerSize + width * height * 4, time.isFinite else { return nil }
        return Thumbnail(
            time: time, requestedTime: requested, width: width, height: height,
            pixels: [UInt8](data.dropFirst(headerSize)))
    }
}
