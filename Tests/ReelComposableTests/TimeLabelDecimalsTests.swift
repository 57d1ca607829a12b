import ReelComposable
import Testing

@Suite("Time labels with decimals")
struct TimeLabelDecimalsTests {
    @Test func decimalsRoundDown() {
        #expect(TimeLabel.format(65.37, decimals: 1) == "1:05.3")
        #expect(TimeLabel.format(65.37, decimals: 2) == "1:05.37")
        #expect(TimeLabel.format(1.05, decimals: 3) == "0:01.050")
        #expect(TimeLabel.format(3725.5, withHours: false, decimals: 1) == "1:02:05.5")
        #expect(TimeLabel.format(5, withHours: true, decimals: 0) == "0:00:05")
        // A frame stored a rounding step early keeps its time.
        #expect(TimeLabel.format(1.9999999, decimals: 0) == "0:02")
        #expect(TimeLabel.format(-.infinity, decimals: 2) == "0:00.00")
    }

    @Test func distinctLabelsUseTheFewestDecimals() {
        #expect(TimeLabel.distinct([10, 20, 30]) == ["0:10", "0:20", "0:30"])
        // Sparse keyframes decoded on: 1.2333 and 1.6667 s share a second.
        #expect(TimeLabel.distinct([0, 1.2333, 1.6667, 2]) == ["0:00.0", "0:01.2", "0:01.6", "0:02.0"])
        #expect(TimeLabel.distinct([1.2333, 1.2667]) == ["0:01.23", "0:01.26"])
        // One moment twice is one label twice, not a reason for more decimals.
        #expect(TimeLabel.distinct([4, 4, 8]) == ["0:04", "0:04", "0:08"])
    }
}
