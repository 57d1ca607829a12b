import ReelContainer
import Testing

@MainActor
@Suite("Feature panels and the video frame")
struct SqueezeTests {
    func container() -> PlayerContainer {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        return container
    }

    @Test(arguments: FeaturePanel.Edge.allCases)
    func aSqueezePanelShrinksTheVideoFrame(_ edge: FeaturePanel.Edge) {
        let container = container()
        container.features.present(
            FeaturePanel(
                edge: edge, style: .squeeze, extent: 120, content: BoxWidget(width: 10, height: 10),
                animation: .instant))
        let expected: Rect =
            switch edge {
            case .left: Rect(x: 120, y: 0, width: 520, height: 360)
            case .right: Rect(x: 0, y: 0, width: 520, height: 360)
            case .top: Rect(x: 0, y: 120, width: 640, height: 240)
            case .bottom: Rect(x: 0, y: 0, width: 640, height: 240)
            }
        #expect(container.videoFrame == expected)
        container.features.dismiss()
        #expect(container.videoFrame == Rect(x: 0, y: 0, width: 640, height: 360))
    }

    @Test(arguments: FeaturePanel.Edge.allCases)
    func aCoverPanelLeavesTheVideoFrame(_ edge: FeaturePanel.Edge) {
        let container = container()
        container.features.present(
            FeaturePanel(
                edge: edge, style: .cover, extent: 120, content: BoxWidget(width: 10, height: 10), animation: .instant
            ))
        #expect(container.features.isPresented)
        #expect(container.videoFrame == Rect(x: 0, y: 0, width: 640, height: 360))
    }

    @Test func theSqueezeFollowsTheSlideAndTheControlsFollowTheVideo() {
        let container = container()
        container.handle(.tick(time: 10))
        container.features.present(
            FeaturePanel(edge: .right, style: .squeeze, extent: 200, content: BoxWidget(width: 10, height: 10)))
        #expect(container.videoFrame.width == 640)
        container.handle(.tick(time: 10.1))
        #expect(abs(container.videoFrame.width - 540) < 0.001)
        container.handle(.tick(time: 10.3))
        #expect(container.videoFrame.width == 440)
        container.draw(in: RecordingCanvas())
        for item in container.controls.layout.allItems { #expect(container.videoFrame.containsRect(item.item.frame)) }
    }
}
