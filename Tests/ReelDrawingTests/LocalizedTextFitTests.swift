import Foundation
import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelTestSupport
import ReelTesting
import Testing

/// The German texts fit where they are drawn, measured by cairo and Pango (DejaVu Sans) as the
/// window measures them: no menu entry runs past its panel, no message past its view, and the
/// Retry button is as wide as its word.
@MainActor
@Suite("Translated texts fit")
struct LocalizedTextFitTests {
    private static let url = URL(fileURLWithPath: "/media/clip.mp4")

    /// A container over a `FakeEngine` playing a clip with two audio and two subtitle tracks,
    /// and three audio outputs, one with a long name as PulseAudio gives them.
    private func container(_ language: ContainerStrings.Language, failing: PlayerError? = nil) async throws
        -> (PlayerContainer, Store<PlayerFeature.State, PlayerFeature.Action>)
    {
        let engine = FakeEngine()
        let store = Store(
            initialState: PlayerFeature.State(),
            reducer: PlayerFeature(now: { HostTime(nanoseconds: 0) }, tickInterval: .seconds(100_000))
        ) { $0.playbackEngine = engine }
        store.bridge(engine.events) { .engine($0) }
        var configuration = ContainerConfiguration.standard
        configuration.strings.language = language
        let container = PlayerContainer(store: store, configuration: configuration)
        container.layout(size: Size(width: 960, height: 540), scale: 1)
        let tracks = [
            Track(id: 1, kind: .video, codec: "h264", width: 1280, height: 720),
            Track(id: 1, kind: .audio, codec: "aac", language: "ger", title: "Deutsch"),
            Track(id: 2, kind: .audio, codec: "aac", language: "eng", title: "English"),
            Track(id: 1, kind: .subtitle, codec: "subrip", language: "ger"),
            Track(id: 2, kind: .subtitle, codec: "subrip", language: "eng"),
        ]
        engine.setMedia(
            FakeEngine.Media(duration: 100, tracks: tracks, video: VideoGeometry(width: 1280, height: 720)),
            for: Self.url)
        engine.setFailure(failing, for: Self.url)
        store.send(.queue(.loadRequested(MediaItem(url: Self.url, title: "Clip"))))
        if failing != nil {
            try await store.until("failed") { if case .failed = $0.playback.status { true } else { false } }
        } else {
            try await store.until("playing") { $0.playerState == .playing }
            let outputs = [
                AudioDevice.automatic, AudioDevice(name: "pulse/usb", description: "USB Headset"),
                AudioDevice(
                    name: "pulse/pci", description: "Family 17h/19h HD Audio Controller Analog Stereo"),
            ]
            store.send(.engine(.property(.audioDevices(outputs))))
        }
        return (container, store)
    }

    @Test(arguments: [ContainerStrings.Language.german, .english])
    func everyMenuEntryFitsItsPanel(_ language: ContainerStrings.Language) async throws {
        let (container, _) = try await container(language)
        for (index, menu) in PlayerMenu.allCases.enumerated() {
            let time = Double(index) * 10
            container.perform(.openMenu(menu))
            // The slide ends, then the panel fits what its first draw measured.
            container.handle(.tick(time: time + 1))
            let canvas = try TextFitCanvas(width: 960, height: 540)
            container.draw(in: canvas)
            canvas.reset()
            container.draw(in: canvas)
            let widget = try #require(container.features.panel?.content as? MenuWidget)
            #expect(canvas.texts.contains(widget.title), "\(menu) drew no title")
            #expect(canvas.overflows.isEmpty, "\(language) \(menu): \(canvas.overflows)")
            container.perform(.closePanel)
            container.handle(.tick(time: time + 2))
        }
    }

    @Test func theGermanErrorAndRetryButtonFit() async throws {
        let (container, _) = try await container(.german, failing: PlayerError(.nothingToPlay))
        container.handle(.tick(time: 1))
        let canvas = try TextFitCanvas(width: 960, height: 540)
        container.draw(in: canvas)
        canvas.reset()
        container.draw(in: canvas)
        let message = "Das Medium enthält weder abspielbares Audio noch Video."
        #expect(canvas.texts.contains(message))
        #expect(canvas.overflows.isEmpty, "\(canvas.overflows)")
        let retry = try #require(canvas.frame(of: "Wiederholen"))
        let button = try #require(canvas.fills.first { $0.contains(retry.center) && $0.height < 40 })
        #expect(retry.minX >= button.minX + 8 && retry.maxX <= button.maxX - 8, "\(retry) in \(button)")
    }
}

/// A cairo canvas that notes where each text lands, by Pango's measure, and which texts run
/// past the clip they are drawn in.
@MainActor
private final class TextFitCanvas: Canvas {
    private let base: CairoCanvas
    private var clips: [Rect] = []
    private(set) var drawn: [(text: String, frame: Rect)] = []
    private(set) var fills: [Rect] = []
    private(set) var overflows: [String] = []

    init(width: Int, height: Int) throws { base = try CairoCanvas(pixelWidth: width, pixelHeight: height) }

    var size: Size { base.size }
    var scale: Double { base.scale }
    var texts: [String] { drawn.map(\.text) }

    func frame(of text: String) -> Rect? { drawn.first { $0.text == text }?.frame }

    func reset() {
        drawn = []
        fills = []
        overflows = []
        base.clear()
    }

    func fill(_ path: Path, color: Color) {
        fills.append(path.boundingBox)
        base.fill(path, color: color)
    }
    func stroke(_ path: Path, color: Color, lineWidth: Double) { base.stroke(path, color: color, lineWidth: lineWidth) }
    func fillGradient(_ rect: Rect, top: Color, bottom: Color) { base.fillGradient(rect, top: top, bottom: bottom) }
    func measureText(_ text: String, font: Font) -> Size { base.measureText(text, font: font) }
    func drawImage(_ image: RGBAImage, in rect: Rect) { base.drawImage(image, in: rect) }

    func drawText(_ text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment) {
        let size = base.measureText(text, font: font)
        let minX =
            switch alignment {
            case .leading: point.x
            case .center: point.x - size.width / 2
            case .trailing: point.x - size.width
            }
        let frame = Rect(x: minX, y: point.y - size.height / 2, width: size.width, height: size.height)
        drawn.append((text, frame))
        if let clip = clips.last, frame.minX < clip.minX - 0.5 || frame.maxX > clip.maxX + 0.5 {
            overflows.append("“\(text)” \(frame.minX)…\(frame.maxX) past \(clip.minX)…\(clip.maxX)")
        }
        base.drawText(text, at: point, font: font, color: color, alignment: alignment)
    }

    func pushClip(_ rect: Rect) {
        clips.append(clips.last.map { $0.intersection(rect) } ?? rect)
        base.pushClip(rect)
    }

    func popClip() {
        clips.removeLast()
        base.popClip()
    }
}
