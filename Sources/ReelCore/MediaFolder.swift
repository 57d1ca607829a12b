import Foundation

/// The media files in a folder, as queue items: what a folder given to `reel play` or dropped on
/// a window opens.
///
/// ```swift
/// let items = try MediaFolder.items(in: URL(fileURLWithPath: "/home/me/Season 1"))
/// try player.setQueue(items)   // "Episode 2.mkv" before "Episode 10.mkv"
/// ```
///
/// libmpv 0.35 would open a folder itself, as a playlist of its own that the player's queue
/// never sees (the whole folder then plays as one item, its files under one identity), so
/// ``MediaFolder`` reads it instead and `MPVEngine` refuses folders.
///
/// The folder is read down to ``maximumDepth`` levels, without hidden files and folders, and
/// keeps the regular files (or links to them) whose extension is one of ``mediaExtensions``,
/// sorted by their path within the folder as a file manager sorts names (numbers by value: "2"
/// before "10"); the first ``maximumItems`` of them. Links to folders are not followed.
public enum MediaFolder {
    /// The extensions of the files a folder contributes (lowercased): video and audio
    /// containers, not playlists or subtitles.
    public static let mediaExtensions: Set<String> = [
        "3g2", "3gp", "aac", "ac3", "aiff", "alac", "ape", "asf", "avi", "dts", "dv", "f4v", "flac", "flv", "m2ts",
        "m4a", "m4v", "mka", "mkv", "mov", "mp2", "mp3", "mp4", "mpeg", "mpg", "mts", "mxf", "nut", "oga", "ogg",
        "ogv", "opus", "ts", "vob", "wav", "webm", "wma", "wmv", "wv", "y4m",
    ]
    /// How many folder levels are read below the folder itself.
    public static let maximumDepth = 8
    /// The most items a folder gives.
    public static let maximumItems = 10_000
    /// The most entries read in a folder (files of any kind and folders), so that a huge tree
    /// ends the reading in bounded time.
    public static let maximumEntries = 200_000

    /// Whether `url` is a local folder (a link to one counts).
    public static func isFolder(_ url: URL) -> Bool {
        guard url.isFileURL else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.resolvingSymlinksInPath().path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The media files in the folder `url`, in order; each passes `policy`.
    /// - Throws: ``PlayerError/Code/fileNotFound`` when the folder cannot be read, and
    ///   ``PlayerError/Code/nothingToPlay`` when it holds no media file.
    public static func items(in url: URL, policy: URLPolicy = .standard) throws(PlayerError) -> [MediaItem] {
        let folder = url.resolvingSymlinksInPath().standardizedFileURL
        guard isFolder(folder) else {
            throw PlayerError(.fileNotFound, message: "The folder \"\(url.path)\" could not be found.")
        }
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey],
                options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else {
            throw PlayerError(.fileNotFound, message: "The folder \"\(url.path)\" cannot be read.")
        }
        var files: [(relative: String, url: URL)] = []
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        var read = 0
        while let next = enumerator.nextObject() as? URL, read < maximumEntries {
            read += 1
            let values = try? next.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey])
            if values?.isDirectory == true {
                if enumerator.level > maximumDepth { enumerator.skipDescendants() }
                continue
            }
            guard mediaExtensions.contains(next.pathExtension.lowercased()) else { continue }
            // A link counts by what it points at (a file, not a folder, FIFO or device).
            let target = values?.isSymbolicLink == true ? next.resolvingSymlinksInPath() : next
            guard (try? target.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = next.standardizedFileURL.path
            files.append((path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path, next.standardizedFileURL))
        }
        guard !files.isEmpty else {
            throw PlayerError(.nothingToPlay, message: "The folder \"\(url.lastPathComponent)\" holds no media files.")
        }
        files.sort { $0.relative.compare($1.relative, options: [.numeric, .caseInsensitive]) == .orderedAscending }
        var items: [MediaItem] = []
        for file in files.prefix(maximumItems) {
            try policy.check(file.url)
            items.append(MediaItem(url: file.url))
        }
        return items
    }
}
