/// The sound server could not be reached or watched.
public struct SoundServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, such as "connect to the sound server".
    public var action: String
    /// libpulse's words for what went wrong, such as "Connection refused".
    public var reason: String

    /// One sentence: what failed and why.
    public var message: String { "Cannot \(action): \(reason)." }

    public var description: String { message }

    init(_ action: String, reason: String) {
        self.action = action
        self.reason = reason
    }
}
