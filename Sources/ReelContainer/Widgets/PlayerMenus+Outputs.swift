import Foundation
import ReelComposable
import ReelCore

/// The menus of the audio output and the subtitles: entries that open them from the settings and
/// subtitles menus, and their own entries.
extension PlayerMenus {
    /// Whether `menu` has something to choose from in `state`: two devices or more for the audio
    /// output, two subtitle tracks for the secondary subtitles, any subtitle track for the style,
    /// a local file for adding subtitle files.
    public static func opens(_ menu: PlayerMenu, state: PlayerFeature.State) -> Bool {
        let playback = state.playback
        switch menu {
        case .audioOutput: return playback.audioDevices.count > 2
        case .secondarySubtitles: return playback.tracks(.subtitle).count > 1
        case .subtitleStyle: return !playback.tracks(.subtitle).isEmpty
        case .subtitleFiles: return playback.item?.url.isFileURL == true
        case .chapters: return playback.chapters.count > 1
        default: return true
        }
    }

    /// The entries that open `menus` (those that have something to choose from): "Audio output…",
    /// "Add subtitle file…", "Secondary subtitles…", "Subtitle style…".
    public static func submenuItems(_ menus: [PlayerMenu], state: PlayerFeature.State, strings: ContainerStrings)
        -> [MenuItem]
    {
        menus.filter { opens($0, state: state) }.map { menu in
            let title: String =
                switch menu {
                case .audioOutput:
                    strings.text(
                        .audioOutputEntry,
                        state.playback.currentAudioDevice.map(strings.name(of:)) ?? strings[.automaticOutput])
                case .subtitleFiles: strings[.subtitleFilesEntry]
                case .secondarySubtitles:
                    strings.text(
                        .secondarySubtitlesEntry,
                        state.playback.secondarySubtitleTrack.map(strings.name(of:)) ?? strings[.off])
                case .subtitleStyle: strings[.subtitleStyleEntry]
                default: strings.text(.menuEntry, strings.title(of: menu))
                }
            return MenuItem(title: title, isChecked: false, action: .openMenu(menu))
        }
    }

    /// Automatic and each audio output, the one playing checked.
    public static func audioOutputItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let current = state.playback.currentAudioDevice
        return state.playback.audioDevices.map { device in
            MenuItem(
                title: strings.name(of: device), isChecked: device == current,
                action: .player(.outputs(.audioDeviceSelected(device.name))))
        }
    }

    /// Off and the subtitle tracks but the main one, for the secondary subtitles; the shown one
    /// (or Off) checked.
    public static func secondarySubtitleItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let secondary = state.playback.secondarySubtitleTrack
        let off = MenuItem(
            title: strings[.off], isChecked: secondary == nil,
            action: .player(.outputs(.secondarySubtitleSelected(id: nil))))
        return [off]
            + state.playback.tracks(.subtitle).filter { !$0.isSelected }.map { track in
                MenuItem(
                    title: strings.name(of: track), isChecked: track.isSecondarySelected,
                    action: .player(.outputs(.secondarySubtitleSelected(id: track.id))))
            }
    }

    /// The size presets (``/ReelCore/SubtitleStyle/presetSizes``: small, normal and large, by
    /// their size against the standard one) and the background, on or off; the current ones
    /// checked. Each keeps the rest of the style.
    public static func subtitleStyleItems(state: PlayerFeature.State, strings: ContainerStrings) -> [MenuItem] {
        let style = state.playback.subtitleStyle
        let sizes = SubtitleStyle.presetSizes.map { preset in
            var chosen = style
            chosen.fontSize = preset.size
            return MenuItem(
                title: strings.text(.subtitleSize, sizeName(preset.size, strings: strings)),
                isChecked: style.fontSize == preset.size,
                action: .player(.outputs(.subtitleStyleChanged(chosen))))
        }
        var toggled = style
        toggled.backgroundColor = style.hasBackground ? .clear : SubtitleStyle.presetBackground
        let background = MenuItem(
            title: strings[.subtitleBackground], isChecked: style.hasBackground,
            action: .player(.outputs(.subtitleStyleChanged(toggled))))
        return sizes + [background]
    }

    /// Small, normal or large: a preset's size against the standard style's.
    private static func sizeName(_ size: Double, strings: ContainerStrings) -> String {
        let standard = SubtitleStyle.standard.fontSize
        return strings[size < standard ? .smallSize : size > standard ? .largeSize : .normalSize]
    }

    /// The subtitle files `files` (those next to the item's file), by name; choosing one adds it
    /// to the item and shows it. Files the item already shows are checked.
    public static func subtitleFileItems(_ files: [URL], state: PlayerFeature.State) -> [MenuItem] {
        let added = Set(state.playback.tracks(.subtitle).filter(\.isExternal).compactMap(\.title))
        return files.map { file in
            MenuItem(
                title: file.lastPathComponent, isChecked: added.contains(file.lastPathComponent),
                action: .player(.outputs(.subtitleAdded(ExternalSubtitle(url: file, title: file.lastPathComponent)))))
        }
    }
}
