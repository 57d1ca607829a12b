import ReelCore
import Testing

@testable import ReelMPV

/// How the engine counts bytes from libmpv's input-rate windows, without libmpv.
@Suite("Statistics sampler")
struct StatisticsSamplerTests {
    @Test func eachNewWindowRateCountsOnceOverTheTimeSinceThePreviousOne() {
        let start = HostTime(seconds: 10)
        var meter = InputMeter(start: start)
        meter.record(rate: 1000, at: start.advanced(by: 1))
        // The same rate again is libmpv's stale value (the cache is full): nothing was read.
        meter.record(rate: 1000, at: start.advanced(by: 1.25))
        meter.record(rate: 3000, at: start.advanced(by: 3))
        meter.record(rate: 3000, at: start.advanced(by: 5))
        meter.record(rate: nil, at: start.advanced(by: 6))
        meter.record(rate: -1, at: start.advanced(by: 7))
        #expect(meter.bytes == 1000 * 1 + 3000 * 2)
    }

    @Test func aFileReadStraightThroughIsBoundedByItsSize() {
        let whole: MPVNode = .map([
            "eof": .flag(true), "debug-byte-level-seeks": .int(0),
        ])
        let part: MPVNode = .map([
            "eof": .flag(false), "debug-byte-level-seeks": .int(0),
        ])
        let sought: MPVNode = .map([
            "eof": .flag(true), "debug-byte-level-seeks": .int(2),
        ])
        func bytes(_ estimate: Int64, _ size: Int64?, _ format: String, _ cache: MPVNode, at position: Int64? = nil)
            -> Int64
        {
            StatisticsSampler.bytesTransferred(
                estimate: estimate, fileSize: size, format: format, cache: cache, streamPosition: position)
        }
        #expect(bytes(700, 1000, "mp4", whole) == 1000)
        #expect(bytes(1400, 1000, "mp4", whole) == 1000)
        #expect(bytes(1400, 1000, "mp4", part) == 1000)
        #expect(bytes(600, 1000, "mp4", part) == 600)
        #expect(bytes(1400, 1000, "mp4", sought) == 1400)
        #expect(bytes(5000, 300, "hls", whole) == 5000)
        #expect(bytes(5000, nil, "mp4", whole) == 5000)
        // Read straight from the start and not to the end: what lies before the reader.
        #expect(bytes(150, 1000, "mp4", part, at: 420) == 420)
        #expect(bytes(150, 1000, "mp4", sought, at: 420) == 150)
    }
}
