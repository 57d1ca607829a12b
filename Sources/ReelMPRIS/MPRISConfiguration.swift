import Foundation
import ReelCore

/// How ``MPRISService`` presents a player on the bus.
public struct MPRISConfiguration: Hashable, Sendable {
    /// The well-known name: `org.mpris.MediaPlayer2.reel.instance<pid>` by default, which
    /// `playerctl -p reel` finds.
    public var busName: String
    /// The bus to publish on (default: the session bus).
    public var address: BusAddress
    /// The player's name in desktop controls (`Identity`).
    public var identity: String
    /// The desktop file's name without `.desktop` (`DesktopEntry`).
    public var desktopEntry: String
    /// The addresses `OpenUri` may open; its schemes are `SupportedUriSchemes`.
    public var urlPolicy: URLPolicy
    /// `SupportedMimeTypes`.
    public var supportedMIMETypes: [String]

    /// Creates a configuration.
    public init(
        busName: String = MPRISConfiguration.defaultBusName, address: BusAddress = .session,
        identity: String = "Reel", desktopEntry: String = "reel", urlPolicy: URLPolicy = .standard,
        supportedMIMETypes: [String] = ["video/mp4", "video/x-matroska", "video/webm", "audio/mpeg", "audio/ogg"]
    ) {
        self.busName = busName
        self.address = address
        self.identity = identity
        self.desktopEntry = desktopEntry
        self.urlPolicy = urlPolicy
        self.supportedMIMETypes = supportedMIMETypes
    }

    /// `org.mpris.MediaPlayer2.reel.instance<pid>`.
    public static var defaultBusName: String {
        "org.mpris.MediaPlayer2.reel.instance\(ProcessInfo.processInfo.processIdentifier)"
    }
}
