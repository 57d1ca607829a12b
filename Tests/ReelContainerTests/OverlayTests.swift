import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

@MainActor
@Suite("Feature, plugin and toast overlays")
struct OverlayTests {
    @Test func hooksRunInOrderAndABackdropTapDismisses() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        let container = harness.container
        var log: [String] = []
        let content = BoxWidget(width: 10, height: 10)
        let panel = FeaturePanel(
            edge: .right, style: .cover, extent: 200, content: content, animation: .linear(duration: 0.2),
            hooks: FeaturePanel.Hooks(
                beforePresent: { log.append("beforePresent") }, afterPresent: { log.append("afterPresent") },
                beforeDismiss: { log.append("beforeDismiss") }, afterDismiss: { log.append("afterDismiss") }))
        harness.tick(1)
        container.features.present(panel)
        #expect(log == ["beforePresent"])
        #expect(!container.controls.isPresented)
        harness.tick(1.1)
        #expect(log == ["beforePresent"])
        harness.tick(1.2)
        #expect(log == ["beforePresent", "afterPresent"])

        harness.click(Point(x: 500, y: 100), at: 2)
        #expect(content.clicks == 1)
        #expect(container.features.isPresented)

        harness.click(Point(x: 100, y: 100), at: 3)
        #expect(log == ["beforePresent", "afterPresent", "beforeDismiss"])
        #expect(!container.features.isPresented)
        harness.tick(3.3)
        #expect(log == ["beforePresent", "afterPresent", "beforeDismiss", "afterDismiss"])
        #expect(container.features.panel == nil)
        #expect(container.controls.isPresented)
        harness.tick(4)
        #expect(container.controls.isPresented)
        #expect(harness.commands.isEmpty)
    }

    @Test func aStatusChangeDismissesThePanelUnlessItAsksNotTo() {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        var dismissed = 0
        container.features.present(
            FeaturePanel(
                edge: .bottom, extent: 100, content: BoxWidget(width: 1, height: 1), animation: .instant,
                hooks: .init(afterDismiss: { dismissed += 1 })))
        container.store.send(.presentation(.changed(.fullscreen, pictureInPicturePossible: true)))
        #expect(container.status == .fullscreen)
        #expect(dismissed == 1)
        #expect(container.features.panel == nil)

        container.features.present(
            FeaturePanel(
                edge: .bottom, extent: 100, content: BoxWidget(width: 1, height: 1), animation: .instant,
                dismissesOnStatusChange: false))
        container.layout(size: Size(width: 360, height: 640), scale: 1)
        #expect(container.status == .portrait)
        #expect(container.features.isPresented)
    }

    @Test func theAppCanSetTheStatusAndHandItBackToTheDerivedOne() {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        #expect(container.status == .inline)
        container.statusOverride = .portrait
        #expect(container.status == .portrait)
        // Set, it wins over the presentation and the bounds.
        container.store.send(.presentation(.changed(.fullscreen, pictureInPicturePossible: true)))
        container.layout(size: Size(width: 1280, height: 720), scale: 1)
        #expect(container.status == .portrait)
        container.statusOverride = nil
        #expect(container.status == .fullscreen)
    }

    @Test func escapeClosesThePanelAndPresentingAnotherReplacesIt() {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        var log: [String] = []
        let first = FeaturePanel(
            edge: .left, extent: 100, content: BoxWidget(width: 1, height: 1), animation: .instant,
            hooks: .init(beforeDismiss: { log.append("first before") }, afterDismiss: { log.append("first after") }))
        container.features.present(first)
        container.perform(.openMenu(.speed))
        #expect(log == ["first before", "first after"])
        #expect((container.features.panel?.content as? MenuWidget)?.title == "Speed")
        container.handle(.keyDown(.escape, modifiers: [], time: 1))
        #expect(!container.features.isPresented)
    }

    @Test func toastsQueueAndDismissThemselves() {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.handle(.tick(time: 10))
        let toasts = container.toasts
        for index in 0..<4 { toasts.show(Toast("Toast \(index)", duration: 2)) }
        #expect(toasts.visible.count == 3)
        #expect(toasts.queued.count == 1)
        container.handle(.tick(time: 11.9))
        #expect(toasts.visible.count == 3)
        container.handle(.tick(time: 12))
        #expect(toasts.visible.map { ($0.content as? BubbleWidget)?.text } == ["Toast 3"])
        #expect(toasts.queued.isEmpty)
        container.handle(.tick(time: 13.9))
        #expect(toasts.visible.count == 1)
        container.handle(.tick(time: 14))
        #expect(toasts.visible.isEmpty)
    }

    @Test func aToastDrawsItsOwnContentWidget() throws {
        let container = PlayerContainer(store: makeStore())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        let content = BoxWidget(width: 120, height: 30, color: boxColor(7))
        container.toasts.show(Toast(content: content, duration: 5))
        container.handle(.tick(time: 0.2))  // slid in
        let canvas = RecordingCanvas()
        container.draw(in: canvas)
        let frames = canvas.fills(boxColor(7))
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        #expect(frame.size == Size(width: 120, height: 30))
        #expect(container.videoFrame.containsRect(frame))
    }

    @Test func aRefusedCommandBecomesAToast() async throws {
        let harness = ContainerHarness()
        try await harness.load()
        harness.store.send(.transport(.rateChanged(0)))
        harness.tick(1)
        let texts = harness.container.toasts.visible.compactMap { ($0.content as? BubbleWidget)?.text }
        // The words of the error's code; its own message ("Speed must be between 0.01 and
        // 100.") is for logs.
        #expect(texts == ["That value is not allowed."])
    }

    @Test func pluginsReplaceEachOtherAndExpire() throws {
        let container = PlayerContainer(store: makeStore(), configuration: ContainerConfiguration())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.handle(.tick(time: 5))
        container.plugins.present(BubbleWidget(text: "one"), alignment: .topLeading, duration: 1)
        container.plugins.present(BubbleWidget(text: "two"), alignment: .bottomTrailing, duration: 1)
        container.handle(.tick(time: 5.2))  // faded in
        let canvas = RecordingCanvas()
        container.draw(in: canvas)
        #expect(canvas.texts == ["two"])
        let frame = try #require(canvas.fills(Theme.standard.bubbleBackground).first)
        #expect(abs(frame.maxX - (640 - 24)) < 0.001 && abs(frame.maxY - (360 - 24)) < 0.001)
        container.handle(.tick(time: 5.99))
        #expect(container.plugins.isPresented)
        container.handle(.tick(time: 6))
        #expect(!container.plugins.isPresented)
    }

    @Test func customOverlaysGoAfterTheirLayer() {
        final class Marker: Overlay {
            let name: String
            init(_ name: String) { self.name = name }
            func draw(in canvas: any Canvas, context: WidgetContext) {
                canvas.drawText(name, at: .zero, font: .body, color: .white, alignment: .leading)
            }
        }
        let container = PlayerContainer(store: makeStore(), configuration: ContainerConfiguration())
        container.layout(size: Size(width: 640, height: 360), scale: 1)
        container.insert(Marker("after control"), after: .control)
        container.insert(Marker("after render"), after: .render)
        container.insert(Marker("after render 2"), after: .render)
        container.insert(Marker("after toast"), after: .toast)
        container.toasts.show(Toast("toast"))
        container.handle(.tick(time: 0.2))  // slid in
        let canvas = RecordingCanvas()
        container.draw(in: canvas)
        #expect(canvas.texts == ["after render", "after render 2", "after control", "toast", "after toast"])
        let names = container.overlays.map { ($0 as? Marker)?.name ?? String(describing: type(of: $0)) }
        #expect(
            names == [
                "RenderOverlay", "after render", "after render 2", "FeatureOverlay", "PluginOverlay", "ControlOverlay",
                "after control", "ToastOverlay", "after toast",
            ])
    }
}

@MainActor
@Suite("A container for a Player")
struct ContainerForAPlayerTests {
    @Test func theContainerOfAPlayerDrivesThatPlayer() async throws {
        let player = Player(engine: FakeEngine())
        let container = PlayerContainer(player: player)
        #expect(container.store === player.store)
        try player.load(MediaItem(url: URL(string: "https://media.test/clip.mp4")!))
        try await player.until(state: .playing)
        container.perform(.player(.transport(.playPauseToggled(reason: .user))))
        #expect(player.state == .paused(reason: .userInitiated))
        await player.shutdown()
    }
}
