import Foundation
import ReelComposable
import ReelCore

/// The entries and widgets of the player's menus: speed, audio, subtitles and the queue.
public enum PlayerMenus {
    /// The speed entries for `options`, the current one checked.
    public static func speedItems(_ options: [Double], state: PlayerFeature.State, strings: ContainerStrings)
        -> [MenuItem]
    {
        options.map { speed in
            MenuItem(
                title: abs(speed - 1) < 0.001 ? strings[.normalSpeed] : strings.speed(speed),
                isChecked: abs(state.playback.speed - speed) < 0.001, action: .player(.transport(.rateChanged(speed))))
        }
    }

    /// The audio tracks, the selected one checked.
    public static func audioItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        state.playback.tracks(.audio).map { track in
            MenuItem(
                title: strings.name(of: track), isChecked: track.isSelected,
                action: .player(.outputs(.audioTrackSelected(id: track.id))))
        }
    }

    /// "Off" and the subtitle tracks; the selected one (or Off) checked.
    public static func subtitleItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let tracks = state.playback.tracks(.subtitle)
        let off = MenuItem(
            title: strings[.off], isChecked: !tracks.contains(where: \.isSelected),
            action: .player(.outputs(.subtitleTrackSelected(id: nil))))
        return [off]
            + tracks.map { track in
                MenuItem(
                    title: strings.name(of: track), isChecked: track.isSelected,
                    action: .player(.outputs(.subtitleTrackSelected(id: track.id))))
            }
    }

    /// The queue's items in the app's order (their titles, or file names), the current one
    /// checked; choosing one plays it.
    public static func queueItems(state: PlayerFeature.State) -> [MenuItem] {
        state.queue.entries.enumerated().map { index, entry in
            MenuItem(
                title: entry.item.title ?? entry.item.url.lastPathComponent,
                isChecked: entry.id == state.queue.currentID, action: .player(.queue(.jumpRequested(to: index))))
        }
    }

    /// Fit, Fill and Stretch, then Original and the common aspect ratios, the current ones
    /// checked; then, while the colours are adjusted (a brightness drag), an entry that resets them.
    public static func pictureItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let framing = state.playback.framing
        let gravities = VideoGravity.allCases.map { gravity in
            var chosen = framing
            chosen.gravity = gravity
            return MenuItem(
                title: strings.name(of: gravity), isChecked: framing.gravity == gravity,
                action: .player(.outputs(.videoFramingChanged(chosen))))
        }
        let ratios: [(String, Double?)] = [
            (strings[.originalAspect], nil), ("16:9", 16.0 / 9), ("4:3", 4.0 / 3),
            (strings.number(2.35, upTo: 2) + ":1", 2.35),
        ]
        let aspects = ratios.map { title, ratio in
            var chosen = framing
            chosen.aspectRatio = ratio
            return MenuItem(
                title: title, isChecked: framing.aspectRatio == ratio,
                action: .player(.outputs(.videoFramingChanged(chosen))))
        }
        let reset =
            state.playback.adjustments == .neutral
            ? []
            : [
                MenuItem(
                    title: strings[.resetAdjustments], action: .player(.outputs(.videoAdjustmentsChanged(.neutral))))
            ]
        return gravities + aspects + reset
    }

    /// "Auto" and the variants of an adaptive stream, the quality asked checked. With libmpv,
    /// Auto is the variant the engine chose when the stream opened (the highest bit rate): it
    /// does not adapt to the bandwidth (``/ReelCore/StreamingQuality``).
    public static func qualityItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let quality = state.playback.streamingQuality
        let current = state.playback.currentVariant
        let auto = MenuItem(
            title: current.map { strings.text(.automaticQualityChosen, strings.name(of: $0)) }
                ?? strings[.automaticQuality],
            isChecked: quality == .auto, action: .player(.live(.qualitySelected(.auto))))
        return [auto]
            + state.playback.variants.map { variant in
                MenuItem(
                    title: strings.name(of: variant), isChecked: quality == .variant(variant),
                    action: .player(.live(.qualitySelected(.variant(variant)))))
            }
    }

    /// The quality button's text: "Auto" or the fixed variant's name.
    public static func qualityLabel(state: PlayerFeature.State, strings: ContainerStrings) -> String {
        if case .variant(let variant) = state.playback.streamingQuality { return strings.name(of: variant) }
        return strings[.automaticQuality]
    }

    /// The entries of `menu` for `state`, in `strings`' language.
    public static func items(
        for menu: PlayerMenu, state: PlayerFeature.State, speeds: [Double], strings: ContainerStrings
    ) -> [MenuItem] {
        switch menu {
        case .speed:
            speedItems(speeds, state: state, strings: strings)
                + submenuItems([.chapters, .audioOutput, .subtitleFiles], state: state, strings: strings)
        case .rates: speedItems(speeds, state: state, strings: strings)
        case .audio: audioItems(state: state, strings: strings)
        case .subtitles:
            subtitleItems(state: state, strings: strings)
                + submenuItems([.secondarySubtitles, .subtitleStyle], state: state, strings: strings)
        case .queue: queueItems(state: state)
        case .picture: pictureItems(state: state, strings: strings)
        case .quality: qualityItems(state: state, strings: strings)
        case .audioOutput: audioOutputItems(state: state, strings: strings)
        case .secondarySubtitles: secondarySubtitleItems(state: state, strings: strings)
        case .subtitleStyle: subtitleStyleItems(state: state, strings: strings)
        case .subtitleFiles:
            subtitleFileItems(state.playback.item.map { ExternalSubtitle.files(nextTo: $0.url) } ?? [], state: state)
        case .chapters: chapterItems(state: state, strings: strings)
        }
    }

    /// The chapters, each by its title (or "Chapter 2") and start, the one playing checked;
    /// choosing one seeks to its start.
    public static func chapterItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let chapters = state.playback.chapters
        let current = state.playback.chapter(at: state.seekBarPosition)
        let withHours = chapters.contains { $0.start >= 3600 } || (state.playback.duration ?? 0) >= 3600
        return chapters.enumerated().map { index, chapter in
            let name =
                chapter.title.flatMap { $0.isEmpty ? nil : $0 } ?? strings.text(.untitledChapter, String(index + 1))
            return MenuItem(
                title: name + " · " + TimeLabel.format(chapter.start, withHours: withHours),
                isChecked: chapter == current,
                action: .player(.transport(.seekRequested(to: chapter.start, precision: .exact))))
        }
    }

    /// The menu widget of `menu`, titled and filled in `strings`' language (the container
    /// passes its configuration's ``ContainerConfiguration/strings``).
    @MainActor
    public static func widget(for menu: PlayerMenu, strings: ContainerStrings) -> MenuWidget {
        let title = strings.title(of: menu)
        if menu == .subtitleFiles {
            // The folder is read once, when the menu opens, not at every draw.
            var files: (item: URL?, files: [URL])?
            return MenuWidget(title: title) { context in
                let item = context.state.playback.item?.url
                if files == nil || files?.item != item {
                    files = (item, item.map(ExternalSubtitle.files(nextTo:)) ?? [])
                }
                return subtitleFileItems(files?.files ?? [], state: context.state)
                    + (context.services.configuration.menuItems[menu] ?? [])
            }
        }
        return MenuWidget(title: title) { context in
            let configuration = context.services.configuration
            return items(for: menu, state: context.state, speeds: configuration.speeds, strings: strings)
                + (configuration.menuItems[menu] ?? [])
        }
    }
}
