import Foundation
import ReelPreview
import Testing

@Suite("ThumbnailTrack (WebVTT)")
struct ThumbnailTrackTests {
    let base = URL(string: "https://cdn.example.com/videos/42/thumbs.vtt")!

    @Test("hh:mm:ss.mmm times, identifiers, notes and sprite regions")
    func longTimes() throws {
        let text = """
            WEBVTT - thumbnails

            NOTE made by a test
            with two lines

            1
            00:00:00.000 --> 00:00:05.000
            sprite.jpg#xywh=0,0,160,90

            2
            00:00:05.000 --> 00:00:10.000 align:start
            sprite.jpg#xywh=160,0,160,90

            01:02:03.500 --> 01:02:08.250
            sprite.jpg#xywh=pixel:320,90,160,90
            """
        let track = try ThumbnailTrack(parsing: text, relativeTo: base)
        #expect(track.cues.count == 3)
        #expect(track.cues.map(\.start) == [0, 5, 3723.5])
        #expect(track.cues.map(\.end) == [5, 10, 3728.25])
        let sprite = URL(string: "https://cdn.example.com/videos/42/sprite.jpg")!
        #expect(track.cues.allSatisfy { $0.image == sprite })
        #expect(track.cues[1].region == ThumbnailTrack.Region(x: 160, y: 0, width: 160, height: 90))
        #expect(track.cues[2].region == ThumbnailTrack.Region(x: 320, y: 90, width: 160, height: 90))
    }

    @Test("mm:ss.mmm times, a byte order mark, CRLF line ends and a comma before the milliseconds")
    func shortTimes() throws {
        let text =
            "\u{FEFF}WEBVTT\r\n\r\n00:01.000 --> 00:02,500\r\nthumb-1.jpg\r\n\r\n59:59.999 --> 60:00:00.000\r\nthumb-2.jpg\r\n"
        let track = try ThumbnailTrack(parsing: text, relativeTo: base)
        #expect(track.cues.map(\.start) == [1, 3599.999])
        #expect(track.cues.map(\.end) == [2.5, 216_000])
        #expect(track.cues.allSatisfy { $0.region == nil })
    }

    @Test("relative, parent, root-relative and absolute image addresses; several sheets")
    func addresses() throws {
        let text = """
            WEBVTT

            00:00.000 --> 00:10.000
            sheets/a.jpg#xywh=0,0,100,50

            00:10.000 --> 00:20.000
            ../shared/b.jpg#xywh=0,0,100,50

            00:20.000 --> 00:30.000
            /static/c.jpg#xywh=0,0,100,50

            00:30.000 --> 00:40.000
            https://images.example.org/d.jpg#xywh=percent:0,50,25,50

            00:40.000 --> 00:50.000
            sheets/a.jpg#xywh=100,0,100,50
            """
        let track = try ThumbnailTrack(parsing: text, relativeTo: base)
        #expect(
            track.images.map(\.absoluteString) == [
                "https://cdn.example.com/videos/42/sheets/a.jpg", "https://cdn.example.com/videos/shared/b.jpg",
                "https://cdn.example.com/static/c.jpg", "https://images.example.org/d.jpg",
            ])
        let percent = try #require(track.cues[3].region)
        #expect(percent.unit == .percent)
        #expect(percent.pixels(imageWidth: 400, imageHeight: 200) == (0, 100, 100, 100))
    }

    @Test("the cue for a time: the one that covers it, else the nearest")
    func lookup() throws {
        let text = """
            WEBVTT

            00:02.000 --> 00:04.000
            a.jpg

            00:04.000 --> 00:06.000
            b.jpg

            00:10.000 --> 00:12.000
            c.jpg
            """
        let track = try ThumbnailTrack(parsing: text, relativeTo: base)
        func name(_ time: Double) -> String? { track.cue(at: time)?.image.lastPathComponent }
        #expect(name(0) == "a.jpg")
        #expect(name(3.99) == "a.jpg")
        #expect(name(4) == "b.jpg")
        #expect(name(6.5) == "b.jpg")
        #expect(name(9.5) == "c.jpg")
        #expect(name(100) == "c.jpg")
    }

    @Test(
        "malformed tracks are refused with the line at fault",
        arguments: [
            ("NOT VTT\n\n00:00.000 --> 00:01.000\na.jpg", "WEBVTT"),
            ("WEBVTTX\n", "WEBVTT"),
            ("WEBVTT\n\nNOTE nothing here\n", "no cues"),
            ("WEBVTT\n\n00:00.000 --> soon\na.jpg", "Line 3"),
            ("WEBVTT\n\n00:61.000 --> 00:62.000\na.jpg", "Line 3"),
            ("WEBVTT\n\nid\n00:05.000 --> 00:01.000\na.jpg", "Line 4"),
            ("WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg#xywh=1,2,3", "Line 3"),
            ("WEBVTT\n\n00:00.000 --> 00:01.000\n\na.jpg", "Line 3"),
        ])
    func malformed(_ text: String, _ fragment: String) {
        let error = #expect(throws: ThumbnailError.self) { try ThumbnailTrack(parsing: text, relativeTo: base) }
        #expect(error?.code == .invalidThumbnailTrack)
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")")
    }

    @Test("a written track reads back the same, with addresses relative to its folder")
    func writesAndReadsBack() throws {
        let folder = URL(fileURLWithPath: "/tmp/reel/out", isDirectory: true)
        let sheet = URL(fileURLWithPath: "/tmp/reel/images/sprite sheet.jpg")
        let layout = SpriteSheetLayout(count: 3, tileWidth: 160, tileHeight: 90, columns: 2)
        let track = layout.track(image: sheet, cues: [0...2.5, 2.5...5, 5...3725.125])
        let text = track.webVTT(relativeTo: folder)
        #expect(text.contains("00:00:02.500 --> 00:00:05.000\n../images/sprite%20sheet.jpg#xywh=160,0,160,90\n"))
        #expect(text.contains("01:02:05.125"))
        let parsed = try ThumbnailTrack(parsing: text, relativeTo: folder.appendingPathComponent("thumbs.vtt"))
        #expect(parsed == track)
    }
}
