extension PlayerContainer {
    /// Routes one event: time first (every layer's timers), then the ``eventHook``, then
    /// keyboard ``focus`` for keys, then the layers top to bottom (the first to take a press
    /// keeps the pointer until release), then key bindings. A drop plays the dropped file or
    /// address (``open(dropped:appending:)``).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        context.latestInput = max(context.latestInput, event.time)
        refreshStatus()
        focus.observe(event)
        if event.isUserInput {
            controls.interacted()
            context.setNeedsDisplay()
        }
        // A focused control holds the auto-hide countdown.
        if focus.holdsControls { controls.interacted() }
        var widgets = widgetContext()
        for overlay in overlays where overlay.update(context: widgets) { context.setNeedsDisplay() }
        widgets = widgetContext()
        focus.resolve(widgets)
        if let eventHook, eventHook(event) { return true }
        let layers = Array(overlays.reversed())
        switch event {
        case .tick:
            return false
        case .drop(let text, let modifiers, _):
            open(dropped: text, appending: modifiers.contains(.shift))
            return true
        case .pointerDown, .scroll, .magnify, .keyUp:
            for overlay in layers where overlay.handle(event, context: widgets) {
                if case .pointerDown = event { pointerOwner = overlay }
                return true
            }
            return false
        case .keyDown(let key, let modifiers, _):
            if focus.handleKey(key, modifiers: modifiers, context: widgets) { return true }
            if layers.contains(where: { $0.handle(event, context: widgets) }) { return true }
            guard let action = context.configuration.keyBindings.action(for: key, modifiers: modifiers) else {
                return false
            }
            perform(action)
            return true
        case .pointerMoved:
            if let owner = pointerOwner { return owner.handle(event, context: widgets) }
            return layers.reduce(false) { $1.handle(event, context: widgets) || $0 }
        case .pointerUp:
            guard let owner = pointerOwner else {
                return layers.contains { $0.handle(event, context: widgets) }
            }
            pointerOwner = nil
            _ = owner.handle(event, context: widgets)
            return true
        case .pointerExited:
            pointerOwner = nil
            return layers.reduce(false) { $1.handle(event, context: widgets) || $0 }
        }
    }
}
