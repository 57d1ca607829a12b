import ReelComposable
import ReelContainer
import ReelCore
import ReelDrawing
import ReelMPV
import ReelPlayer
import ReelPreview

/// One window, several players: a feed shows one player at a time, and a swipe moves the window
/// to another (``show(_:)``) without a window of its own per player.
///
/// libmpv draws an engine's video through one render context, which the engine's video output
/// is set up with when an item starts. So the window makes a renderer for each player it may
/// show (``prepare(_:)``) and keeps them all until it closes: the players' number is the app's
/// (a feed's pool has a few), and a player prepared before it loads decodes its first frame for
/// this window, ready the moment it is shown. Frames of the players not shown are skipped, so
/// their engines never wait for the window.
extension PlayerWindow {
    /// What the window keeps for a player it can show.
    struct Screen {
        /// The player.
        let player: Player
        /// The number of its engine's renderer in the ``WindowSurface``.
        let renderer: Int
        /// Reel's controls on the player's store, when the window makes them.
        let container: PlayerContainer?
        /// The container's seek previews, following the player's items.
        let seekPreviews: SeekPreviews?
        /// The container's artwork, loaded once per address.
        let artwork: ArtworkCache?
    }

    /// Reel's controls for `player`: a container on its store with, when asked, seek previews of
    /// its items, the items' artwork (``/ReelPreview/ArtworkCache``: addresses the engine's
    /// ``/ReelMPV/MPVConfiguration/urlPolicy`` allows, failures to its logger), the playback
    /// statistics `i` shows (``ReelContainer/StatisticsOverlay``), and, while nothing is loaded,
    /// a ``ReelContainer/DropHint``.
    static func makeControls(
        for player: Player, engine: any VideoRenderingEngine, seekPreviews: Bool
    ) -> (PlayerContainer, SeekPreviews?, ArtworkCache) {
        let previews = seekPreviews ? SeekPreviews(player: player) : nil
        let artwork = ArtworkCache(
            loader: ArtworkLoader(policy: engine.configuration.urlPolicy), logger: engine.configuration.logger)
        var configuration = ContainerConfiguration.standard(previewImage: previews.map { $0.image(at:) })
        configuration.artworkImage = artwork.image(for:fitting:)
        // A window takes drops: with nothing loaded it says so.
        configuration.indicators.append(DropHint())
        let container = PlayerContainer(player: player, configuration: configuration)
        previews?.onImage = { [weak container] in container?.context.setNeedsDisplay() }
        artwork.onImage = { [weak container] in container?.context.setNeedsDisplay() }
        container.insert(StatisticsOverlay(player: player), after: .plugin)
        return (container, previews, artwork)
    }

    /// Keeps `screen`; its container's `q` closes the window.
    func adopt(_ screen: Screen) {
        screen.container?.onQuit = { [weak self] in self?.close() }
        if let container = screen.container { connect(overlay: container) }
        screens.append(screen)
    }

    /// Readies the window to show `player` later: makes its engine's video renderer now and, with
    /// Reel's controls, a container on its store. Call it before the player loads: what it loads
    /// from then on is decoded for this window, so ``show(_:)`` puts its first frame up at once.
    /// Does nothing for a player the window can show already.
    ///
    /// - Returns: the container made for `player` (nil when the window shows an overlay of the
    ///   app's), for the app to set up as it set up ``container``.
    /// - Throws: ``/ReelDrawing/HostError`` when the window is closed, the player's engine is not a
    ///   ``/ReelMPV/VideoRenderingEngine`` (or shows mpv's own window), or the renderer cannot be made.
    @discardableResult
    public func prepare(_ player: Player) throws(HostError) -> PlayerContainer? {
        if let screen = screens.first(where: { $0.player === player }) { return screen.container }
        guard !isClosed else { throw HostError(.renderer, message: "The window is closed.") }
        let engine = try Self.renderingEngine(of: player)
        let surface = surface
        let made = RenderThread.shared.sync { () -> Result<Int, HostError> in
            do throws(HostError) {
                return .success(try surface.addRenderer(for: engine))
            } catch {
                return .failure(error)
            }
        }
        let renderer = try made.get()
        let controls =
            makesControls ? Self.makeControls(for: player, engine: engine, seekPreviews: showsSeekPreviews) : nil
        adopt(
            Screen(
                player: player, renderer: renderer, container: controls?.0, seekPreviews: controls?.1,
                artwork: controls?.2))
        return controls?.0
    }

    /// Shows `player`'s video instead of the current player's, preparing it first if needed (see
    /// ``prepare(_:)``): ``player``, ``container``, ``seekPreviews`` and ``artwork`` become its, and the
    /// window's presentation (fullscreen, picture in picture) is now its
    /// ``/ReelPlayer/Player/presentation``. The player shown before is shown nowhere (its
    /// presentation becomes ``/ReelCore/Presentation/none``) and is otherwise left as it is:
    /// pause it if it should not be heard. An overlay of the app's stays.
    /// - Throws: what ``prepare(_:)`` throws.
    public func show(_ player: Player) throws(HostError) {
        guard player !== self.player else { return }
        try prepare(player)
        guard let screen = screens.first(where: { $0.player === player }) else { return }
        presentationObservation?.cancel()
        self.player?.presentationDidChange(to: .none, pictureInPicturePossible: false)
        if let controls = screen.container {
            overlay = controls
            container = controls
            seekPreviews = screen.seekPreviews
            artwork = screen.artwork
        }
        let surface = surface
        RenderThread.shared.post { surface.showRenderer(screen.renderer) }
        connect(player)
        layoutDirty = true
        refresh()
    }
}
