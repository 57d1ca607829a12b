import Foundation
import ReelProbe
import ReelTestSupport
import ReelTesting
import Testing

/// ReelProbe against ffprobe on every generated file: Reel opens at least every file ffprobe
/// opens, and agrees on the number of streams, the duration (within 2 %) and the picture sizes.
@Suite("MediaProbe agrees with ffprobe")
struct AgreementTests {
    /// Every generated file but the benchmark clip, and the HLS and DASH streams' manifests.
    static func files() async throws -> [URL] {
        let fixtures = Fixture.allCases.filter { !$0.isBenchmark && $0 != .hlsStream && $0 != .dashStream }
        var files = try await MediaFixtures.shared.prepare(fixtures)
        files.append(try await MediaFixtures.url(for: .hlsStream).appendingPathComponent("index.m3u8"))
        files.append(try await MediaFixtures.url(for: .dashStream).appendingPathComponent("manifest.mpd"))
        return files
    }

    @Test func everyFileFFprobeOpensOpensWithTheSameStreamsDurationAndSizes() async throws {
        let files = try await Self.files()
        var tally = AgreementTally()
        for file in files {
            let name = file.lastPathComponent
            let reference = await FFprobeReport.probe(file)
            let media = try? await MediaProbe().probe(file)
            tally.files += 1
            if reference != nil { tally.ffprobeOpened += 1 }
            if media != nil { tally.reelOpened += 1 }
            guard let reference, let format = reference.format else { continue }
            guard let media else {
                Issue.record("\(name): ffprobe opens it (\(format.formatName)), Reel does not")
                continue
            }
            let streams = reference.streams ?? []
            #expect(media.streams.count == format.nbStreams, "\(name): stream count")
            #expect(media.streams.map(\.codec) == streams.map { $0.codecName ?? "none" }, "\(name): codecs")
            if media.streams.count == format.nbStreams { tally.sameStreams += 1 }
            switch (reference.duration, media.duration) {
            case (let expected?, let actual?):
                tally.withDuration += 1
                let agrees = abs(actual - expected) <= max(expected * 0.02, 0.001)
                #expect(agrees, "\(name): duration \(actual), ffprobe \(expected)")
                if agrees { tally.sameDuration += 1 }
            case (nil, nil): break
            case (let expected, let actual):
                Issue.record("\(name): duration \(actual as Any), ffprobe \(expected as Any)")
            }
            for stream in streams where stream.codecType == "video" {
                tally.videoStreams += 1
                let video = media.streams.first { $0.index == stream.index }?.video
                let same = video?.width == stream.width && video?.height == stream.height
                #expect(
                    same,
                    "\(name) #\(stream.index): \(video as Any), ffprobe \(stream.width as Any)x\(stream.height as Any)")
                if same { tally.sameSize += 1 }
            }
        }
        print("probe agreement: \(tally)")
        #expect(tally.files == files.count)
        #expect(tally.reelOpened >= tally.ffprobeOpened)
        // The corpus holds files both refuse, and files only some can read.
        #expect(tally.ffprobeOpened < tally.files)
    }
}

/// What the agreement test counted.
struct AgreementTally: CustomStringConvertible {
    var files = 0
    var ffprobeOpened = 0
    var reelOpened = 0
    var sameStreams = 0
    var withDuration = 0
    var sameDuration = 0
    var videoStreams = 0
    var sameSize = 0

    var description: String {
        "\(files) files; ffprobe opened \(ffprobeOpened), Reel \(reelOpened); same stream count \(sameStreams)/\(ffprobeOpened); "
            + "duration within 2 % \(sameDuration)/\(withDuration); same picture size \(sameSize)/\(videoStreams) video streams"
    }
}
