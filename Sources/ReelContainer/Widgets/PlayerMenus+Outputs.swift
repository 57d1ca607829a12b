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
        default: return true
        }
    }

    /// The entries that open `menus` (those that have something to choose from): "Audio output…",
    /// "Add subtitle file…", "Secondary subtitles…", "Subtitle style…".
    public static func submenuItems(_ menus: [PlayerMenu], state: PlayerFeature.State) -> [MenuItem] {
        menus.filter { opens($0, state: state) }.map { menu in
            let title: String =
                switch menu {
                case .audioOutput: "Audio output: \(state.playback.currentAudioDevice?.displayName ?? "Automatic")…"
                case .subtitleFiles: "Add subtitle file…"
                case .secondarySubtitles: "Secondary: \(state.playback.secondarySubtitleTrack?.displayName ?? "Off")…"
                case .subtitleStyle: "Subtitle style…"
                default: "\(menu.rawValue.capitalized)…"
                }
            return MenuItem(title: title, isChecked: false, action: .openMenu(menu))
        }
    }

    /// Automatic and each audio output, the one playing checked.
    public static func audioOutputItems(state: PlayerFeature.State) -> [MenuItem] {
        let current = state.playback.currentAudioDevice
        return state.playback.audioDevices.map { device in
            MenuItem(
                title: device.displayName, isChecked: device == current,
                action: .player(.audioDeviceSelected(device.name)))
        }
    }

    /// Off and the subtitle tracks but the main one, for the secondary subtitles; the shown one
    /// (or Off) checked.
    public static func secondarySubtitleItems(state: PlayerFeature.State) -> [MenuItem] {
        let secondary = state.playback.secondarySubtitleTrack
        let off = MenuItem(
            title: "Off", isChecked: secondary == nil, action: .player(.secondarySubtitleSelected(id: nil)))
        return [off]
            + state.playback.tracks(.subtitle).filter { !$0.isSelected }.map { track in
                MenuItem(
                    title: track.displayName, isChecked: track.isSecondarySelected,
                    action: .player(.secondarySubtitleSelected(id: track.id)))
            }
    }

    /// The size presets (``/ReelCore/SubtitleStyle/presetSizes``) and the background, on or off;
    /// the current ones checked. Each keeps the rest of the style.
    public static func subtitleStyleItems(state: PlayerFeature.State) -> [MenuItem] {
        let style = state.playback.subtitleStyle
        let sizes = SubtitleStyle.presetSizes.map { preset in
            var chosen = style
            chosen.fontSize = preset.size
            return MenuItem(
                title: "Size: \(preset.name)", isChecked: style.fontSize == preset.size,
                action: .player(.subtitleStyleSet(chosen)))
        }
        var toggled = style
        toggled.backgroundColor = style.hasBackground ? .clear : SubtitleStyle.presetBackground
        let background = MenuItem(
            title: "Background", isChecked: style.hasBackground, action: .player(.subtitleStyleSet(toggled)))
        return sizes + [background]
    }

    /// The subtitle files `files` (those next to the item's file), by name; choosing one adds it
    /// to the item and shows it. Files the item already shows are checked.
    public static func subtitleFileItems(_ files: [URL], state: PlayerFeature.State) -> [MenuItem] {
        let added = Set(state.playback.tracks(.subtitle).filter(\.isExternal).compactMap(\.title))
        return files.map { file in
            MenuItem(
                title: file.lastPathComponent, isChecked: added.contains(file.lastPathComponent),
                action: .player(.subtitleAdded(ExternalSubtitle(url: file, title: file.lastPathComponent))))
        }
    }
}
