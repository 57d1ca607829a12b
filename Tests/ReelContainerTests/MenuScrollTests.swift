import ReelComposable
import ReelContainer
import ReelCore
import Testing

/// A menu longer than its panel scrolls: the wheel, the keyboard's focus and the checked entry
/// bring entries into view, and only what shows is drawn and clicked.
@MainActor
@Suite("Menu scrolling")
struct MenuScrollTests {
    /// The settings menu (0.5× … 2×, "Normal" checked, "Add subtitle file…") with 24 entries of
    /// the app's after it: 31 entries of 36 px under a 44 px title in a 360 px panel, 8.8 of them
    /// showing. The focus ring is green, a colour no icon is drawn in.
    static var configuration: ContainerConfiguration {
        var configuration = ContainerConfiguration.standard
        configuration.theme.focusRing = Color(red: 0, green: 1, blue: 0)
        configuration.menuItems[.speed] = (0..<24).map {
            MenuItem(title: "Extra \($0)", action: .app(AppAction(rawValue: "extra\($0)")))
        }
        return configuration
    }

    let harness = ContainerHarness(configuration: Self.configuration)
    var container: PlayerContainer { harness.container }

    /// Opens the speed menu and draws it; returns it with its panel's frame.
    private func openSpeedMenu(at time: Double) throws -> (menu: MenuWidget, frame: Rect) {
        container.perform(.openMenu(.speed))
        harness.tick(time)
        let panel = try #require(container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        harness.draw()
        return (menu, panel.frame(in: container.context.bounds, progress: 1))
    }

    private func shows(_ menu: MenuWidget, _ index: Int, in frame: Rect) -> Bool {
        menu.listFrame(in: frame).containsRect(menu.rowFrame(index, in: frame))
    }

    @Test func theWheelScrollsWithinTheEntriesAndOnlyShownEntriesAreDrawnAndClicked() async throws {
        try await harness.load()
        var chosen: [AppAction] = []
        let handler = container.addAppActionHandler { chosen.append($0) }
        defer { handler.cancel() }
        let (menu, frame) = try openSpeedMenu(at: 1)
        #expect(menu.scrollOffset == 0)
        #expect(shows(menu, 7, in: frame) && !shows(menu, 9, in: frame))
        let drawn = harness.canvas.texts.filter { $0.hasPrefix("Extra") }
        #expect(drawn == ["Extra 0", "Extra 1"])  // rows 7 and 8 of 31
        // A bar at the right edge: a 316 px list of 1116 px of entries.
        let bar = try #require(harness.canvas.fills(container.context.configuration.theme.foreground.opacity(0.5)).last)
        #expect(bar.width == 4 && abs(bar.height - 316 * 316 / 1116) < 0.01 && bar.minY == frame.minY + 44)
        let list = menu.listFrame(in: frame)

        // Two wheel steps down: six rows.
        #expect(harness.send(.scroll(dx: 0, dy: 2, at: list.center, time: 3)))
        #expect(menu.scrollOffset == 6 * 36)
        harness.draw()
        #expect(harness.canvas.texts.filter { $0.hasPrefix("Extra") }.first == "Extra 0")
        #expect(!harness.canvas.texts.contains("Normal"))
        // What shows is what a click chooses: the top row is entry 6 now.
        #expect(menu.rowFrame(6, in: frame).minY == list.minY)
        // Far down: the last entry's bottom meets the panel's.
        _ = harness.send(.scroll(dx: 0, dy: 100, at: list.center, time: 4))
        #expect(menu.scrollOffset == 31 * 36 - 316)
        #expect(menu.rowFrame(30, in: frame).maxY == frame.maxY)
        harness.draw()
        let end = try #require(harness.canvas.fills(container.context.configuration.theme.foreground.opacity(0.5)).last)
        #expect(abs(end.maxY - frame.maxY) < 0.01)
        harness.click(menu.rowFrame(30, in: frame).center, at: 5)
        #expect(chosen == ["extra23"])
        #expect(!container.features.isPresented)
    }

    @Test func theWheelUpStopsAtTheFirstEntryAndAMenuThatFitsDoesNotScroll() async throws {
        try await harness.load()
        let (menu, frame) = try openSpeedMenu(at: 1)
        _ = harness.send(.scroll(dx: 0, dy: -3, at: frame.center, time: 2))
        #expect(menu.scrollOffset == 0)

        let short = ContainerHarness()
        try await short.load()
        short.container.perform(.openMenu(.speed))
        short.tick(1)
        let speed = try #require(short.container.features.panel?.content as? MenuWidget)
        short.draw()
        _ = short.send(.scroll(dx: 0, dy: 3, at: frame.center, time: 2))
        #expect(speed.scrollOffset == 0)
        short.draw()
        #expect(short.canvas.fills(short.container.context.configuration.theme.foreground.opacity(0.5)).isEmpty)
    }

    @Test func theFocusedEntryScrollsIntoViewAndEnterChoosesIt() async throws {
        try await harness.load()
        var chosen: [AppAction] = []
        let handler = container.addAppActionHandler { chosen.append($0) }
        defer { handler.cancel() }
        harness.draw()
        let button = try #require(
            container.controls.layout.items[.bottom2]?.lazy.compactMap { $0.widget as? MenuButton }
                .first { $0.menu == .speed })
        #expect(container.focus.move(to: button))
        #expect(harness.key(.enter, at: 1))
        let panel = try #require(container.features.panel)
        let menu = try #require(panel.content as? MenuWidget)
        let frame = panel.frame(in: container.context.bounds, progress: 1)
        #expect(container.focus.focusedMenuEntry == 2)
        for step in 0..<28 { #expect(harness.key(.down, at: 2 + Double(step) * 0.01)) }
        #expect(container.focus.focusedMenuEntry == 30)
        #expect(shows(menu, 30, in: frame))
        harness.draw()
        let ring = try #require(harness.canvas.strokes(container.context.configuration.theme.focusRing).first)
        #expect(menu.listFrame(in: frame).containsRect(ring.rect))
        // Back up: the view follows the first entry it passes above the top.
        for step in 0..<10 { _ = harness.key(.up, at: 3 + Double(step) * 0.01) }
        #expect(container.focus.focusedMenuEntry == 20)
        #expect(menu.rowFrame(20, in: frame).minY == menu.listFrame(in: frame).minY)
        #expect(harness.key(.enter, at: 4))
        #expect(chosen == ["extra13"])
    }

    @Test func aMenuOpensScrolledToItsCheckedEntry() async throws {
        try await harness.load()
        let menu = MenuWidget(title: "Queue") { _ in
            (0..<40).map {
                MenuItem(title: "Item \($0)", isChecked: $0 == 25, action: .app(AppAction(rawValue: "item\($0)")))
            }
        }
        let frame = Rect(x: 0, y: 0, width: 280, height: 360)
        menu.draw(in: harness.canvas, frame: frame, context: container.widgetContext())
        #expect(shows(menu, 25, in: frame))
        #expect(menu.rowFrame(25, in: frame).maxY == frame.maxY)  // the least scroll that shows it
        #expect(harness.canvas.texts.contains("Item 25") && !harness.canvas.texts.contains("Item 0"))
        // Scrolled away, it stays where the reader put it at the next draw.
        menu.scrollToReveal(0, in: frame)
        menu.draw(in: harness.canvas, frame: frame, context: container.widgetContext())
        #expect(menu.scrollOffset == 0)
    }
}
