import ReelComposable
import ReelContainer
import ReelCore
import Testing

@MainActor
@Suite("Redraws")
struct NeedsDisplayTests {
    @Test func stateChangesInputAndAnimationsAskForADrawAndQuietTicksDoNot() {
        let store = makeStore()
        let container = PlayerContainer(store: store)
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())
        #expect(!container.needsDisplay)
        container.handle(.tick(time: 1))
        #expect(!container.needsDisplay)

        store.send(.transport(.muteToggled))
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())
        // Refused without an engine: the error's toast slides in until 1.2.
        #expect(container.needsDisplay)
        container.handle(.tick(time: 1.2))
        container.draw(in: RecordingCanvas())
        #expect(!container.needsDisplay)

        container.handle(.pointerMoved(Point(x: 3, y: 3), time: 2))
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())

        container.perform(.player(.controls(.hideRequested)))
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())
        #expect(container.needsDisplay)
        container.handle(.tick(time: 2.1))
        container.draw(in: RecordingCanvas())
        #expect(container.needsDisplay)
        container.handle(.tick(time: 2.3))
        container.draw(in: RecordingCanvas())
        #expect(!container.needsDisplay)

        container.toasts.show(Toast("Hi", duration: 1))
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())
        container.handle(.tick(time: 2.9))
        // It slid in since the last draw: one more shows it where it arrived, then nothing.
        #expect(container.needsDisplay)
        container.draw(in: RecordingCanvas())
        #expect(!container.needsDisplay)
        container.handle(.tick(time: 3))
        #expect(!container.needsDisplay)
        container.handle(.tick(time: 3.3))
        #expect(container.needsDisplay)
    }

    @Test func theLayoutFollowsTheWindowAndTheVideoFrameFillsIt() {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 800, height: 450), scale: 2)
        #expect(container.videoFrame == Rect(x: 0, y: 0, width: 800, height: 450))
        #expect(container.scale == 2)
        #expect(container.pictureFrame == container.videoFrame)
        container.draw(in: RecordingCanvas(size: Size(width: 800, height: 450)))
        container.layout(size: Size(width: 1000, height: 500), scale: 1)
        #expect(container.needsDisplay)
        #expect(container.videoFrame.width == 1000)
    }
}
