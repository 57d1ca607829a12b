import Testing

@testable import ReelPulse

@Suite("AudioOutputTracker's rules")
struct AudioOutputTrackerTests {
    let headphones = AudioOutput(
        id: 1, name: "alsa_output.analog-stereo", activePort: "analog-output-headphones")
    let usb = AudioOutput(id: 2, name: "alsa_output.usb-dac")
    let start = ContinuousClock.now

    func tracker(streamOn output: UInt32) -> AudioOutputTracker {
        var tracker = AudioOutputTracker()
        _ = tracker.observe(.output(headphones), at: start)
        _ = tracker.observe(.output(usb), at: start)
        _ = tracker.observe(.stream(index: 7, output: output, isWatched: true), at: start)
        return tracker
    }

    @Test func removingTheOutputAWatchedStreamPlaysOnIsALoss() {
        var tracker = tracker(streamOn: 2)
        let loss = tracker.observe(.outputRemoved(2), at: start)
        #expect(loss == AudioOutputLoss(output: "alsa_output.usb-dac", cause: .outputRemoved))
        #expect(tracker.outputs.keys.sorted() == [1])
    }

    @Test func aStreamRescuedToAnotherOutputJustBeforeItsOutputGoesIsALoss() {
        var tracker = tracker(streamOn: 2)
        #expect(tracker.observe(.stream(index: 7, output: 1, isWatched: true), at: start) == nil)
        let loss = tracker.observe(.outputRemoved(2), at: start.advanced(by: .milliseconds(20)))
        #expect(loss?.cause == .outputRemoved)
    }

    @Test func aStreamKilledJustBeforeItsOutputGoesIsALoss() {
        var tracker = tracker(streamOn: 2)
        #expect(tracker.observe(.streamRemoved(7), at: start) == nil)
        #expect(tracker.observe(.outputRemoved(2), at: start.advanced(by: .milliseconds(20)))?.cause == .outputRemoved)
    }

    @Test func aStreamTheUserMovedLongBeforeItsOldOutputWentIsNoLoss() {
        var tracker = tracker(streamOn: 2)
        _ = tracker.observe(.stream(index: 7, output: 1, isWatched: true), at: start)
        let later = start.advanced(by: AudioOutputTracker.departureWindow + .milliseconds(1))
        #expect(tracker.observe(.outputRemoved(2), at: later) == nil)
    }

    @Test func outputsNoWatchedStreamUsesComeAndGoFreely() {
        var tracker = tracker(streamOn: 1)
        #expect(tracker.observe(.outputRemoved(2), at: start) == nil)
        #expect(tracker.observe(.stream(index: 9, output: 1, isWatched: false), at: start) == nil)
        #expect(tracker.observe(.outputRemoved(1), at: start.advanced(by: .seconds(60)))?.cause == .outputRemoved)
    }

    @Test func othersStreamsAreNotWatched() {
        var tracker = AudioOutputTracker()
        _ = tracker.observe(.output(usb), at: start)
        _ = tracker.observe(.stream(index: 9, output: 2, isWatched: false), at: start)
        #expect(tracker.observe(.outputRemoved(2), at: start) == nil)
    }

    @Test func unpluggingTheActivePortsJackIsALossOnce() {
        var tracker = tracker(streamOn: 1)
        var unplugged = headphones
        unplugged.unavailablePorts = ["analog-output-headphones"]
        let loss = tracker.observe(.output(unplugged), at: start)
        #expect(
            loss == AudioOutputLoss(output: headphones.name, cause: .portUnplugged(port: "analog-output-headphones")))
        // The server then switches the output to the speakers: the same loss, not a second one.
        unplugged.activePort = "analog-output-speaker"
        #expect(tracker.observe(.output(unplugged), at: start) == nil)
    }

    @Test func unpluggingAnotherPortOrAnotherOutputsJackIsNoLoss() {
        var tracker = tracker(streamOn: 1)
        var other = headphones
        other.unavailablePorts = ["analog-output-lineout"]
        #expect(tracker.observe(.output(other), at: start) == nil)
        var elsewhere = AudioOutput(id: 3, name: "hdmi", activePort: "hdmi-output-0")
        _ = tracker.observe(.output(elsewhere), at: start)
        elsewhere.unavailablePorts = ["hdmi-output-0"]
        #expect(tracker.observe(.output(elsewhere), at: start) == nil)
    }

    @Test func aStreamThatStopsBeingWatchedLeavesItsOutput() {
        var tracker = tracker(streamOn: 2)
        _ = tracker.observe(.stream(index: 7, output: 2, isWatched: false), at: start)
        let later = start.advanced(by: .seconds(5))
        #expect(tracker.observe(.outputRemoved(2), at: later) == nil)
    }
}
