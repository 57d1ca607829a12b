import Foundation

/// Why an ``Isolation`` run produced no output.
public struct IsolationError: Error, Sendable, CustomStringConvertible {
    /// What happened to the worker.
    public enum Reason: Sendable, Hashable {
        /// It was still running at the deadline and was killed with `SIGKILL`.
        case timedOut(Duration)
        /// It died of a signal it was not sent by the isolation (a crash, or someone else's kill).
        case crashed(signal: Int32)
        /// It exited with this status without writing its output.
        case exited(status: Int32)
        /// It wrote something on its reply channel that is not the protocol (the words say what).
        case malformedReply(String)
        /// It could not be started.
        case launchFailed(String)
    }

    /// What happened to the worker.
    public var reason: Reason
    /// The distinct lines the worker printed (its C libraries' chatter and its log), first seen
    /// first, at most ``Isolation/diagnosticLimit``.
    public var diagnostics: [String]
    /// The last progress report as JSON, when the job made one (``lastProgress(as:)``).
    public var lastProgressJSON: Data?
    /// From the launch to the end of the worker.
    public var elapsed: Duration

    /// Creates an error.
    public init(_ reason: Reason, diagnostics: [String] = [], lastProgressJSON: Data? = nil, elapsed: Duration = .zero)
    {
        self.reason = reason
        self.diagnostics = diagnostics
        self.lastProgressJSON = lastProgressJSON
        self.elapsed = elapsed
    }

    /// Whether the worker was killed at the deadline.
    public var isTimeout: Bool { if case .timedOut = reason { true } else { false } }

    /// The last progress report the job made before the end, decoded as `type`: what was known
    /// when the worker hung or died.
    public func lastProgress<Progress: Decodable>(as type: Progress.Type) -> Progress? {
        lastProgressJSON.flatMap { try? JSONDecoder().decode(Progress.self, from: $0) }
    }

    public var description: String {
        switch reason {
        case .timedOut(let limit):
            "The worker did not finish within \(Self.seconds(limit)) seconds and was stopped."
        case .crashed(let signal): "The worker crashed (signal \(signal)\(Self.signalName(signal)))."
        case .exited(let status): "The worker exited with status \(status) without an answer."
        case .malformedReply(let words): "The worker's answer could not be read: \(words)"
        case .launchFailed(let words): "The worker could not be started: \(words)"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%g", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: ", SIGSEGV"
        case SIGABRT: ", SIGABRT"
        case SIGBUS: ", SIGBUS"
        case SIGILL: ", SIGILL"
        case SIGFPE: ", SIGFPE"
        case SIGKILL: ", SIGKILL"
        case SIGTERM: ", SIGTERM"
        default: ""
        }
    }
}
