import Foundation

/// Which of the sound server's streams an ``AudioOutputMonitor`` watches: those whose output
/// going away means "pause".
public struct AudioStreamSelection: Sendable, Hashable {
    /// The process the streams belong to (PulseAudio's `application.process.id`).
    public var processID: Int32
    /// The application name the streams carry (`application.name`), or nil for any. Reel's
    /// engine names its streams `reel` (libmpv's `audio-client-name`).
    public var applicationName: String?

    /// Streams of `processID` named `applicationName` (any name when nil).
    public init(processID: Int32, applicationName: String? = nil) {
        self.processID = processID
        self.applicationName = applicationName
    }

    /// Every stream this process plays. A process with several players pauses them all when one
    /// output goes away: the sound server cannot tell their streams apart.
    public static var thisProcess: AudioStreamSelection {
        AudioStreamSelection(processID: ProcessInfo.processInfo.processIdentifier)
    }

    /// Whether a stream with these properties is watched.
    func matches(processID: String?, applicationName: String?) -> Bool {
        guard let processID, Int32(processID) == self.processID else { return false }
        guard let expected = self.applicationName else { return true }
        return applicationName == expected
    }
}
