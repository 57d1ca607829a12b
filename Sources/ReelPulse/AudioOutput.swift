/// One of the sound server's outputs (a PulseAudio or PipeWire sink), as ``AudioOutputMonitor``
/// lists them.
public struct AudioOutput: Sendable, Hashable, Identifiable {
    /// The sound server's index of the sink, unique while the server runs.
    public var id: UInt32
    /// The sink's name, such as `alsa_output.pci-0000_00_1f.3.analog-stereo`.
    public var name: String
    /// The name people read, such as "Built-in Audio Analog Stereo".
    public var displayName: String
    /// The active port's name, when the sink has ports.
    public var activePort: String?
    /// The names of the sink's ports that are unavailable (nothing plugged into their jack).
    public var unavailablePorts: Set<String>

    /// Creates an output.
    public init(
        id: UInt32, name: String, displayName: String = "", activePort: String? = nil,
        unavailablePorts: Set<String> = []
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.activePort = activePort
        self.unavailablePorts = unavailablePorts
    }
}
