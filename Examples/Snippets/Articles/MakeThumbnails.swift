import Foundation
import Reel

func makeContactSheet(of movie: URL, to sheet: URL, vtt: URL) async throws {
    let provider = try LocalThumbnailProvider(file: movie)  // FFmpeg: keyframe seek, decode, scale
    let duration = try await provider.duration() ?? 0
    let times = ThumbnailTimes.evenlySpaced(count: 20, duration: duration)
    var thumbnails: [Thumbnail] = []
    for try await thumbnail in provider.thumbnails(at: times) { thumbnails.append(thumbnail) }  // completion order
    thumbnails.sort { $0.time < $1.time }
    let cues = thumbnails.indices.map { index in
        thumbnails[index].time...(index + 1 < thumbnails.count ? thumbnails[index + 1].time : duration)
    }
    try ThumbnailExport.writeSprite(thumbnails, cues: cues, sprite: sheet, vtt: vtt)  // a WebVTT sprite track
}
