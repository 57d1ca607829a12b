import Foundation
import ReelCore
import Testing

/// A folder of its own under the temporary directory, for one test's playlists and media.
private struct Scratch {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("PlaylistFileTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` (a path inside the folder), making its folders.
    @discardableResult
    func write(_ bytes: Data, to name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        return url
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL { try write(Data(text.utf8), to: name) }

    /// Makes empty media files.
    func touch(_ names: String...) throws {
        for name in names { try write(Data(), to: name) }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).standardizedFileURL.path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The code `read` throws for `url`, or nil when it reads.
private func readFailure(_ url: URL) -> PlayerError.Code? {
    do {
        _ = try PlaylistFile.read(contentsOf: url)
        return nil
    } catch {
        return error.code
    }
}

@Suite("PlaylistFile")
struct PlaylistFileTests {
    @Test func plainM3UListsPathsInOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("b.mp4", "a.mkv", "music/c.flac")
        let url = try scratch.write("b.mp4\na.mkv\n# a comment\n\nmusic/c.flac\n", to: "list.m3u")

        let playlist = try PlaylistFile.read(contentsOf: url)

        #expect(playlist.entries.map(\.item.url.path) == ["b.mp4", "a.mkv", "music/c.flac"].map(scratch.path))
        #expect(playlist.entries.allSatisfy { $0.item.url.isFileURL && $0.item.title == nil && $0.duration == nil })
        #expect(playlist.problems.isEmpty)
        #expect(!playlist.isStream)
    }

    @Test func extendedM3U8GivesTitlesAndDurations() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("one.mp4", "two.mp4", "three.mp4", "four.mp4")
        let text = """
            #EXTM3U
            #EXTINF:123,Artist - First
            one.mp4
            #EXTINF:-1 tvg-id="x" tvg-name="Two, Live" group-title="News",Second, with a comma
            two.mp4
            three.mp4
            #EXTINF:7.5,
            #EXTVLCOPT:network-caching=1000
            four.mp4
            """
        let url = try scratch.write(text, to: "list.m3u8")

        let entries = try PlaylistFile.read(contentsOf: url).entries

        #expect(entries.map(\.item.title) == ["Artist - First", "Second, with a comma", nil, nil])
        #expect(entries.map(\.duration) == [123, nil, nil, 7.5])
        #expect(entries.map(\.item.url.lastPathComponent) == ["one.mp4", "two.mp4", "three.mp4", "four.mp4"])
    }

    @Test func extinfBelongsToTheNextEntryEvenWhenItIsLeftOut() {
        let text = "#EXTINF:10,Refused\nytdl://x\nkept.mp4\n#EXTINF:20,Missing\ngone.mp4\nlast.mp4\n"
        let playlist = PlaylistFile.parse(
            text, format: .m3u, base: URL(fileURLWithPath: "/media"), fileExists: { !$0.hasSuffix("gone.mp4") })

        #expect(playlist.entries.map(\.item.url.path) == ["/media/kept.mp4", "/media/last.mp4"])
        #expect(playlist.entries.map(\.item.title) == [nil, nil])
        #expect(playlist.entries.map(\.duration) == [nil, nil])
        #expect(playlist.problems.map(\.line) == [2, 5])
    }

    @Test func plsOrdersByNumberWithGapsAndAnyCase() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("one.mp3", "three.mp3", "ten.mp3")
        let text = """
            [Playlist]
            NumberOfEntries=2
            FILE10=ten.mp3
            title10=Ten
            file3 = "three.mp3"
            Title3=Three
            Length3=-1
            File1=one.mp3
            LENGTH1=61.5
            Title7=No file for seven
            Version=2
            """
        let url = try scratch.write(text, to: "radio.pls")

        let playlist = try PlaylistFile.read(contentsOf: url)

        #expect(playlist.entries.map(\.item.url.path) == ["one.mp3", "three.mp3", "ten.mp3"].map(scratch.path))
        #expect(playlist.entries.map(\.item.title) == [nil, "Three", "Ten"])
        #expect(playlist.entries.map(\.duration) == [61.5, nil, nil])
        #expect(playlist.problems.isEmpty)
    }

    @Test func plsProblemsNameTheFileLine() {
        let text = "[playlist]\nFile2=missing.mp3\nFile1=lavfi://testsrc\nFile3=\n"
        let playlist = PlaylistFile.parse(
            text, format: .pls, base: URL(fileURLWithPath: "/m"), fileExists: { _ in false })

        #expect(playlist.entries.isEmpty)
        #expect(
            playlist.problems == [
                .init(line: 2, text: "missing.mp3", reason: .missingFile),
                .init(line: 3, text: "lavfi://testsrc", reason: .refusedScheme("lavfi")),
                .init(line: 4, text: "", reason: .unreadable("the entry is empty")),
            ])
    }

    @Test func entriesResolveAgainstThePlaylistFolderAsWritten() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("up.mp4", "lists/sub/a%20b.mkv", "lists/Live: 2010.mp3", "elsewhere/x y.mp4")
        let absolute = scratch.path("up.mp4")
        let fileURL = scratch.folder.appendingPathComponent("elsewhere/x y.mp4").absoluteString
        #expect(fileURL.contains("x%20y.mp4"))
        let text = ["../up.mp4", "sub/a%20b.mkv", "Live: 2010.mp3", absolute, fileURL, "  sub/./../../up.mp4  "]
        let url = try scratch.write(text.joined(separator: "\n"), to: "lists/list.m3u")

        let playlist = try PlaylistFile.read(contentsOf: url)

        let expected = [
            "up.mp4", "lists/sub/a%20b.mkv", "lists/Live: 2010.mp3", "up.mp4", "elsewhere/x y.mp4", "up.mp4",
        ]
        #expect(playlist.entries.map(\.item.url.path) == expected.map(scratch.path))
        #expect(playlist.problems.isEmpty)
    }

    @Test func tildeIsNotExpanded() {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        var asked: [String] = []
        let playlist = PlaylistFile.parse(
            "~/clip.mp4\n", format: .m3u, base: URL(fileURLWithPath: "/media/lists"),
            fileExists: {
                asked.append($0)
                return true
            })

        #expect(asked == ["/media/lists/~/clip.mp4"])
        #expect(playlist.entries.map(\.item.url.path) == ["/media/lists/~/clip.mp4"])
        #expect(!asked.contains { $0.hasPrefix(home + "/") })
    }

    @Test func addressesPassTheURLPolicy() {
        let text = """
            ytdl://www.example.test/watch
            lavfi://testsrc
            av://lavfi:testsrc
            edl:/tmp/a.mp4,0,1
            rtsp://camera.test/stream
            http://radio.test/stream.mp3
            HTTPS://tv.test/live/index.m3u8
            file:///etc/passwd
            """
        let base = URL(fileURLWithPath: "/media")

        let standard = PlaylistFile.parse(text, format: .m3u, base: base)
        #expect(
            standard.problems.map(\.reason) == [
                .refusedScheme("ytdl"), .refusedScheme("lavfi"), .refusedScheme("av"), .refusedScheme("edl"),
                .refusedScheme("rtsp"),
            ])
        #expect(standard.problems.map(\.line) == [1, 2, 3, 4, 5])
        // The policy judges schemes, not paths: a local file is as playable as on the command line.
        #expect(
            standard.entries.map(\.item.url.absoluteString) == [
                "http://radio.test/stream.mp3", "HTTPS://tv.test/live/index.m3u8", "file:///etc/passwd",
            ])

        let widened = PlaylistFile.parse(
            text, format: .m3u, base: base, policy: .standard.allowing("rtsp").allowing("ytdl"))
        #expect(widened.entries.map(\.item.url.scheme).contains("rtsp"))
        #expect(widened.problems.map(\.reason).contains(.refusedScheme("ytdl")))

        let noFiles = PlaylistFile.parse(
            text, format: .m3u, base: base, policy: URLPolicy(allowing: ["http", "https"]))
        #expect(noFiles.problems.last?.reason == .refusedScheme("file"))
    }

    @Test func fileAddressesMustBeLocalAndAbsolute() {
        let text = "file://server.test/share/a.mp4\nfile:a.mp4\nfile://localhost/media/b.mp4\n"
        let playlist = PlaylistFile.parse(
            text, format: .m3u, base: URL(fileURLWithPath: "/media"), fileExists: { _ in true })

        #expect(playlist.entries.map(\.item.url.path) == ["/media/b.mp4"])
        #expect(playlist.problems.map(\.line) == [1, 2])
        #expect(playlist.problems.allSatisfy { if case .unreadable = $0.reason { true } else { false } })
    }

    @Test func aRemotePlaylistMayNotNameLocalFiles() {
        let text = "clip.mp4\n../up.mp4\nfile:///etc/passwd\n/etc/passwd\nhttp://other.test/x.mp4\n"
        var asked: [String] = []
        let playlist = PlaylistFile.parse(
            text, format: .m3u, base: URL(string: "https://lists.test/tv/")!,
            fileExists: {
                asked.append($0)
                return true
            })

        #expect(
            playlist.entries.map(\.item.url.absoluteString) == [
                "https://lists.test/tv/clip.mp4", "https://lists.test/up.mp4", "https://lists.test/etc/passwd",
                "http://other.test/x.mp4",
            ])
        #expect(playlist.problems == [.init(line: 3, text: "file:///etc/passwd", reason: .refusedScheme("file"))])
        #expect(asked.isEmpty)
    }

    @Test func missingLocalEntriesAreReportedAndSkipped() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("here.mp4")
        let url = try scratch.write("#EXTM3U\n#EXTINF:5,Gone\ngone.mp4\nhere.mp4\n/nowhere/else.mp4\n", to: "list.m3u")

        let playlist = try PlaylistFile.read(contentsOf: url)

        #expect(playlist.entries.map(\.item.url.path) == [scratch.path("here.mp4")])
        #expect(
            playlist.problems == [
                .init(line: 3, text: "gone.mp4", reason: .missingFile),
                .init(line: 5, text: "/nowhere/else.mp4", reason: .missingFile),
            ])
        #expect(playlist.problems[0].description == "line 3: gone.mp4: the file does not exist")
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreIgnored() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("a.mp4", "b.mp4", "c.mp4")
        let m3u = try scratch.write(
            "\u{FEFF}#EXTM3U\r\n#EXTINF:5,Title A\r\na.mp4\r\n\r\nb.mp4\rc.mp4\r\n", to: "list.m3u")
        let pls = try scratch.write("\u{FEFF}[playlist]\r\nFile1=a.mp4\r\nTitle1=A\r\n", to: "list.pls")

        let playlist = try PlaylistFile.read(contentsOf: m3u)
        #expect(playlist.entries.map(\.item.url.path) == ["a.mp4", "b.mp4", "c.mp4"].map(scratch.path))
        #expect(playlist.entries.first?.item.title == "Title A")
        #expect(playlist.problems.isEmpty)

        let list = try PlaylistFile.read(contentsOf: pls)
        #expect(list.entries.map(\.item.title) == ["A"])
        #expect(list.entries.map(\.item.url.path) == [scratch.path("a.mp4")])

        // The mark is not part of a first entry's name, whoever decoded the text.
        let marked = PlaylistFile.parse("\u{FEFF}a.mp4\r\n", format: .m3u, base: scratch.folder)
        #expect(marked.entries.map(\.item.url.path) == [scratch.path("a.mp4")])
    }

    @Test func textThatIsNotUTF8IsLatin1() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("café.mp3")
        // "#EXTINF:1,Déjà vu\ncafé.mp3\n" in Latin-1: é is 0xE9, à is 0xE0.
        var bytes = Data("#EXTINF:1,D".utf8) + Data([0xE9]) + Data("j".utf8) + Data([0xE0]) + Data(" vu\ncaf".utf8)
        bytes += Data([0xE9]) + Data(".mp3\n".utf8)
        let url = try scratch.write(bytes, to: "old.m3u")

        let playlist = try PlaylistFile.read(contentsOf: url)

        #expect(playlist.entries.map(\.item.title) == ["Déjà vu"])
        #expect(playlist.entries.map(\.item.url.path) == [scratch.path("café.mp3")])

        // A .m3u8 is UTF-8 whatever it holds: a stray byte does not turn the rest into Latin-1.
        let m3u8 = try scratch.write(
            Data("#EXTINF:1,Caf".utf8) + Data([0xE9]) + Data("\ncafé.mp3\n".utf8), to: "new.m3u8")
        let strict = try PlaylistFile.read(contentsOf: m3u8)
        #expect(strict.entries.map(\.item.title) == ["Caf\u{FFFD}"])
        #expect(strict.entries.map(\.item.url.path) == [scratch.path("café.mp3")])
    }

    @Test func hlsPlaylistsAreStreamsNotLists() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("segment0.ts", "low/index.m3u8")
        let media = """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:1
            #EXT-X-MEDIA-SEQUENCE:0
            #EXTINF:1.0,
            segment0.ts
            #EXT-X-ENDLIST
            """
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow/index.m3u8\n"
        let mediaURL = try scratch.write(media, to: "hls/index.m3u8")
        let masterURL = try scratch.write(master, to: "master.m3u8")

        for url in [mediaURL, masterURL] {
            let playlist = try PlaylistFile.read(contentsOf: url)
            #expect(playlist.isStream)
            #expect(playlist.entries == [PlaylistFile.Entry(item: MediaItem(url: url))])
            #expect(playlist.problems.isEmpty)
        }
        let parsed = PlaylistFile.parse(media, format: .m3u, base: scratch.folder)
        #expect(parsed == PlaylistFile(isStream: true))

        // A list that names an HLS stream is a list, and the stream is one of its entries.
        let list = try scratch.write("#EXTM3U\n#EXTINF:6,Stream\nhls/index.m3u8\n", to: "playlist.m3u8")
        let playlist = try PlaylistFile.read(contentsOf: list)
        #expect(!playlist.isStream)
        #expect(playlist.entries == [PlaylistFile.Entry(item: MediaItem(url: mediaURL, title: "Stream"), duration: 6)])
    }

    @Test func aFileLargerThanTheLimitIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // One comment line each: at the limit the file reads, a byte more and it is refused.
        func comment(size: Int) -> Data { Data("#".utf8) + Data(repeating: 0x78, count: size - 2) + Data("\n".utf8) }
        let limit = try scratch.write(comment(size: PlaylistFile.maximumFileSize), to: "limit.m3u")
        let huge = try scratch.write(comment(size: PlaylistFile.maximumFileSize + 1), to: "huge.m3u")

        #expect(readFailure(limit) == nil)
        #expect(readFailure(huge) == .unsupportedFormat)
    }

    @Test func anEmptyPlaylistHasNoEntries() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (name, text) in [
            ("empty.m3u", ""), ("header.m3u8", "#EXTM3U\r\n"), ("empty.pls", "[playlist]\nNumberOfEntries=0\n"),
        ] {
            let playlist = try PlaylistFile.read(contentsOf: try scratch.write(text, to: name))
            #expect(playlist == PlaylistFile(), "\(name)")
        }
        #expect(PlaylistFile.parse("", format: .pls, base: scratch.folder) == PlaylistFile())
        #expect(PlaylistFile.parse("\u{FEFF}\n\n", format: .m3u, base: scratch.folder) == PlaylistFile())
    }

    @Test func theFormatComesFromTheContentThenTheName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.touch("a.mp4")
        let pls = try scratch.write("\n[PLAYLIST]\nFile1=a.mp4\n", to: "list.txt")
        let m3u = try scratch.write("#EXTM3U\na.mp4\n", to: "misnamed.pls")
        let plain = try scratch.write("a.mp4\n", to: "plain.txt")

        #expect(try PlaylistFile.read(contentsOf: pls).entries.count == 1)
        #expect(try PlaylistFile.read(contentsOf: m3u).entries.count == 1)
        #expect(readFailure(plain) == .unsupportedFormat)

        #expect(PlaylistFile.format(of: URL(fileURLWithPath: "/m/a.M3U")) == .m3u)
        #expect(PlaylistFile.format(of: URL(fileURLWithPath: "/m/a.m3u8")) == .m3u)
        #expect(PlaylistFile.format(of: URL(string: "https://radio.test/list.PLS?x=1")!) == .pls)
        #expect(PlaylistFile.format(of: URL(fileURLWithPath: "/m/a.mp4")) == nil)
        #expect(PlaylistFile.format(of: URL(fileURLWithPath: "/m/m3u")) == nil)
    }

    @Test func readRefusesWhatIsNotALocalTextPlaylist() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let folder = scratch.folder.appendingPathComponent("folder.m3u", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let binary = try scratch.write(Data([0x1A, 0x45, 0xDF, 0xA3, 0x00, 0x00, 0x0A]), to: "video.m3u")

        #expect(readFailure(scratch.folder.appendingPathComponent("missing.m3u")) == .fileNotFound)
        #expect(readFailure(folder) == .unsupportedFormat)
        #expect(readFailure(binary) == .unsupportedFormat)
        #expect(readFailure(URL(string: "https://radio.test/list.m3u")!) == .invalidArgument)
        do {
            _ = try PlaylistFile.read(contentsOf: binary, policy: URLPolicy(allowing: ["https"]))
            Issue.record("a policy without file read a local playlist")
        } catch {
            #expect(error.code == .refusedScheme("file"))
        }
    }
}
