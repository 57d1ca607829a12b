import CMPV
import Foundation
import NIOConcurrencyHelpers
import ReelCore

/// Audio outputs and subtitle styles on libmpv.
extension MPVEngine {
    /// Where the subtitles' bottom edge goes: the style's position, raised further while the
    /// controls cover the bottom of the picture. Two commands move mpv's one `sub-pos`, so the
    /// engine keeps both on its command queue and sets their combination.
    struct SubtitlePlacement {
        /// ``ReelCore/SubtitleStyle/position``, in percent of the picture's height.
        var position = 100.0
        /// ``ReelCore/EngineCommand/setSubtitleMargin(_:)``'s fraction.
        var margin = 0.0

        /// mpv's `sub-pos`: the higher of the two (the smaller percentage).
        var subPos: Int64 { Int64(min(position, 100 - margin * 100).rounded()) }
    }

    /// The libmpv properties of `style`, but its position (``placeSubtitles(style:margin:)``).
    static func subtitleProperties(_ style: SubtitleStyle) -> [Property] {
        [
            Property(name: "sub-font", value: .string(style.font ?? "sans-serif")),
            Property(name: "sub-font-size", value: .double(style.fontSize)),
            Property(name: "sub-color", value: .string(style.color.hex)),
            Property(name: "sub-border-color", value: .string(style.outlineColor.hex)),
            Property(name: "sub-border-size", value: .double(style.outlineSize)),
            // libmpv 0.35 draws an opaque box behind plain-text subtitles when this is not clear.
            Property(name: "sub-back-color", value: .string(style.backgroundColor.hex)),
            Property(name: "sub-shadow-offset", value: .double(style.shadowOffset)),
            Property(name: "sub-ass-override", value: .string(style.overridesStyledSubtitles ? "force" : "yes")),
        ]
    }

    /// Runs on the command queue: sets `style` (when given), records the style's position or the
    /// margin, and sets `sub-pos` from both. Not `sub-margin-y` for the margin: changing that
    /// while a cue shows drops the cue until the next one (libmpv 0.35).
    func placeSubtitles(style: SubtitleStyle?, margin: Double?) throws(PlayerError) {
        let placement = subtitlePlacement.withLockedValue { placement in
            if let style { placement.position = style.position }
            if let margin { placement.margin = margin }
            return placement
        }
        let properties =
            (style.map(Self.subtitleProperties) ?? []) + [Property(name: "sub-pos", value: .int(placement.subPos))]
        for property in properties {
            let status = withMPVNode(property.value) {
                mpv_set_property(handle.pointer, property.name, MPV_FORMAT_NODE, $0)
            }
            try Self.check(status, "set \(property.name)")
        }
    }

    /// The audio output drivers a ``MPVConfiguration/AudioOutput/system`` engine plays through
    /// (`pulse`, and `alsa` where the machine has sound devices): the devices it lists are theirs.
    static var systemAudioDrivers: Set<String> {
        Set(audioOutputs(.system).split(separator: ",").map(String.init)).subtracting(["null"])
    }

    /// The devices of libmpv's `audio-device-list` that this engine can play on: ``AudioDevice/automatic``
    /// first, then those of ``systemAudioDrivers`` (libmpv also lists the devices of every other
    /// driver it was built with: JACK, SDL, ALSA's plug-ins, …).
    static func audioDevices(_ list: MPVNode) -> [AudioDevice] {
        let drivers = systemAudioDrivers
        let devices = list.array.compactMap { node -> AudioDevice? in
            guard let name = node["name"].string, name != AudioDevice.automaticName,
                let driver = name.split(separator: "/", maxSplits: 1).first, drivers.contains(String(driver))
            else { return nil }
            return AudioDevice(name: name, description: node["description"].string ?? name)
        }
        return list.array.isEmpty ? [] : [.automatic] + devices
    }
}

extension ObservedProperty {
    /// Whether an engine with `configuration` observes this property: the audio outputs only when
    /// it plays through the sound server (listing them connects to it).
    func isObserved(with configuration: MPVConfiguration) -> Bool {
        switch self {
        case .audioDeviceList, .currentAudioOutput:
            if case .system = configuration.audio { return true }
            return false
        default: return true
        }
    }
}
