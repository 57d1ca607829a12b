import Foundation
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Two generated tones of the same format queued one after the other: the decoded sound (written
/// by libmpv's `pcm` output) has no silence at the joint longer than one audio frame.
@MainActor
@Suite("Gapless queue")
struct GaplessTests {
    /// One audio frame at 48 kHz (AAC's 1024 samples, 21 ms): the longest silence allowed.
    static let frame = 1024

    @Test func twoTonesJoinWithoutSilence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-gapless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var tones: [URL] = []
        for (index, frequency) in [440, 660].enumerated() {
            let tone = folder.appendingPathComponent("tone\(index).wav")
            let made = try await Command.run([
                "ffmpeg", "-v", "error", "-f", "lavfi", "-i",
                "sine=frequency=\(frequency):sample_rate=48000:duration=1",
                "-ac", "2", "-c:a", "pcm_s16le", tone.path,
            ])
            #expect(made.status == 0, "\(made.errorText)")
            tones.append(tone)
        }
        let output = folder.appendingPathComponent("heard.wav")
        var configuration = MPVConfiguration.headless
        configuration.audio = .waveFile(output)
        let player = Player(engine: try MPVEngine(configuration: configuration))
        try player.setQueue(tones.map { MediaItem(url: $0) })
        try await player.until("the second tone", timeout: .seconds(30)) { $0.queue.currentIndex == 1 }
        try await player.until(state: .paused(reason: .endOfMedia), timeout: .seconds(30))
        await player.shutdown()

        let samples = try Self.samples(of: output)
        // Two channels of about two seconds: both tones were heard.
        #expect(samples.count > 2 * 48_000 * 19 / 10, "\(samples.count) samples")
        let frames = samples.count / 2
        // The longest run of silent frames between the first and the last 0.2 s.
        var longest = 0
        var run = 0
        for index in 9_600..<(frames - 9_600) {
            if abs(Int(samples[2 * index])) < 64 && abs(Int(samples[2 * index + 1])) < 64 {
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        #expect(longest < Self.frame, "a silence of \(longest) samples at the joint")
    }

    /// The 16-bit samples of a WAV file's `data` chunk, interleaved.
    static func samples(of url: URL) throws -> [Int16] {
        let data = try Data(contentsOf: url)
        guard let range = data.range(of: Data("data".utf8)) else { return [] }
        let start = range.upperBound + 4
        return data[start...].withUnsafeBytes { bytes in
            Array(bytes.bindMemory(to: Int16.self))
        }
    }
}
