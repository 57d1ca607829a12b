import Foundation
import ReelCore
import ReelTestSupport
import ReelTesting
import Testing

/// A folder opens as its media files, in the order a file manager shows them.
@Suite("MediaFolder")
struct MediaFolderTests {
    /// Makes `paths` (empty files) under a new folder.
    static func folder(_ paths: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for path in paths {
            let file = folder.file(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: file)
        }
        return folder
    }

    @Test func mediaFilesInNameOrderWithNumbersByValueAndSubfoldersAfterTheirName() throws {
        let folder = try Self.folder([
            "Episode 10.mkv", "Episode 2.mkv", "episode 3.MP4", "cover.jpg", "notes.txt", "list.m3u",
            "subtitles.srt", ".hidden.mkv", ".cache/inside.mkv", "Extras/Making of.webm", "Extras/b/Deep.mp3",
        ])
        defer { folder.remove() }
        let names = try MediaFolder.items(in: folder.url).map {
            String($0.url.path.dropFirst(folder.url.standardizedFileURL.path.count + 1))
        }
        #expect(
            names == ["Episode 2.mkv", "episode 3.MP4", "Episode 10.mkv", "Extras/b/Deep.mp3", "Extras/Making of.webm"])
    }

    @Test func aFolderWithoutMediaOrMissingIsATypedError() throws {
        let folder = try Self.folder(["notes.txt", "cover.jpg"])
        defer { folder.remove() }
        let empty = #expect(throws: PlayerError.self) { try MediaFolder.items(in: folder.url) }
        #expect(empty?.code == .nothingToPlay)
        #expect(empty?.message.contains("holds no media files") == true)
        let missing = #expect(throws: PlayerError.self) {
            try MediaFolder.items(in: folder.file("nowhere"))
        }
        #expect(missing?.code == .fileNotFound)
        #expect(!MediaFolder.isFolder(folder.file("notes.txt")))
        #expect(MediaFolder.isFolder(folder.url))
        #expect(!MediaFolder.isFolder(URL(string: "https://example.com/folder/")!))
    }

    @Test func aLinkToAFolderIsAFolderAndALinkLoopEnds() throws {
        let folder = try Self.folder(["real/one.mkv"])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(at: folder.file("link"), withDestinationURL: folder.file("real"))
        try FileManager.default.createSymbolicLink(
            at: folder.file("real/loop"), withDestinationURL: folder.file("real"))
        // A link to a media file counts (a folder of links, as git-annex makes); one to a
        // folder is not followed.
        try FileManager.default.createSymbolicLink(
            at: folder.file("real/two.mkv"), withDestinationURL: folder.file("real/one.mkv"))
        try FileManager.default.createSymbolicLink(
            at: folder.file("real/folder.mkv"), withDestinationURL: folder.file("real"))
        #expect(MediaFolder.isFolder(folder.file("link")))
        let items = try MediaFolder.items(in: folder.file("link"))
        #expect(items.map(\.url.lastPathComponent) == ["one.mkv", "two.mkv"])
    }
}
