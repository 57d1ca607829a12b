import ArgumentParser
import Foundation
import ReelCore
import ReelMPV

/// `reel play`'s audio output and subtitle options, named as mpv names them.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .customLong("audio-device"),
        help: ArgumentHelp(
            "The audio output, by mpv's name (such as pulse/alsa_output.usb-headset, or auto); a name the sound server does not list stops the command.",
            valueName: "name"))
    var audioDevice: String?

    @Option(name: .customLong("sub-font"), help: ArgumentHelp("The subtitles' font family.", valueName: "font"))
    var subtitleFont: String?

    @Option(
        name: .customLong("sub-font-size"),
        help: ArgumentHelp("The subtitles' size, 1…500 (mpv's scale: 55 is normal).", valueName: "size"))
    var subtitleFontSize: Double?

    @Option(
        name: .customLong("sub-color"),
        help: ArgumentHelp("The subtitles' colour: #RRGGBB or #AARRGGBB.", valueName: "color"),
        transform: Self.parseColor)
    var subtitleColor: Color?

    @Option(
        name: .customLong("sub-back-color"),
        help: ArgumentHelp("A box behind the subtitles: #RRGGBB or #AARRGGBB.", valueName: "color"),
        transform: Self.parseColor)
    var subtitleBackColor: Color?

    @Option(
        name: .customLong("sub-pos"),
        help: ArgumentHelp(
            "Where the subtitles' bottom edge is, in percent of the picture's height, 0…150 (100: the bottom).",
            valueName: "percent"))
    var subtitlePosition: Double?

    @Option(
        name: .customLong("secondary-sid"),
        help: ArgumentHelp("A second subtitle track shown at the top of the picture, by number.", valueName: "id"))
    var secondarySubtitle: Int?

    func validate() throws {
        do {
            try subtitleStyle?.check()
            try EngineCommand.selectSecondarySubtitle(id: secondarySubtitle).checkArguments()
            if let audioDevice { try EngineCommand.setAudioDevice(audioDevice).checkArguments() }
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The style the options ask for, the standard one for what they leave out; nil without any.
    var subtitleStyle: SubtitleStyle? {
        guard
            subtitleFont != nil || subtitleFontSize != nil || subtitleColor != nil || subtitleBackColor != nil
                || subtitlePosition != nil
        else { return nil }
        var style = SubtitleStyle.standard
        style.font = subtitleFont ?? style.font
        style.fontSize = subtitleFontSize ?? style.fontSize
        style.color = subtitleColor ?? style.color
        style.backgroundColor = subtitleBackColor ?? style.backgroundColor
        style.position = subtitlePosition ?? style.position
        return style
    }

    /// Parses `#RRGGBB` or `#AARRGGBB`.
    static func parseColor(_ text: String) throws(ValidationError) -> Color {
        guard let color = Color(hex: text) else {
            throw ValidationError("\"\(text)\" is not a colour: use #RRGGBB or #AARRGGBB (such as #FFFF00).")
        }
        return color
    }

    /// Checks `--audio-device` against the outputs an engine with `configuration` lists (libmpv
    /// takes any name and would play nowhere): an engine is started for the list and stopped.
    /// - Throws: a `ValidationError` naming the outputs there are.
    func checkAudioDevice(configuration: MPVConfiguration) async throws {
        guard let name = audioDevice, name != AudioDevice.automaticName else { return }
        guard case .system = configuration.audio else {
            throw ValidationError("--audio-device needs sound: it cannot be used with --no-audio.")
        }
        var configuration = configuration
        configuration.video = .none
        let engine = try MPVEngine(configuration: configuration)
        let devices = await Self.firstDeviceList(of: engine)
        await engine.shutdown()
        guard devices.contains(where: { $0.name == name }) else {
            throw ValidationError(
                "There is no audio output named \"\(name)\". The outputs are: "
                    + devices.map(\.name).joined(separator: ", ") + ".")
        }
    }

    /// The engine's first list of audio outputs, or an empty one when none comes within 5 s.
    private static func firstDeviceList(of engine: MPVEngine) async -> [AudioDevice] {
        let events = engine.events
        return await withTaskGroup(of: [AudioDevice]?.self) { group in
            group.addTask {
                for await case .property(.audioDevices(let devices)) in events where !devices.isEmpty {
                    return devices
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }
}

extension OutputOptions {
    /// Turns libpipewire's own log off (`PIPEWIRE_DEBUG=0`) unless the user set it: libmpv lists
    /// the audio outputs of every driver it was built with, PipeWire's too, and on a machine
    /// without PipeWire's `client.conf` libpipewire prints two lines to standard error for each
    /// engine. Called at the start of a playing command, before any engine (or thread reading the
    /// environment) exists.
    static func quietPipeWireLog() {
        setenv("PIPEWIRE_DEBUG", "0", 0)
    }
}
