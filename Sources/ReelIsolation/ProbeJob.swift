import Foundation
import ReelPreview
import ReelProbe

/// A ``/ReelProbe/MediaProbe`` run in a worker: FFmpeg reads the address in a child process, so a demuxer
/// that never returns (a manifest that spins, a pipe without a writer) costs the probe's timeout
/// and nothing more. ``ReelProbe/MediaProbe/probe(_:isolation:startupAllowance:)`` is the way to call it.
public struct ProbeJob: IsolatedJob {
    public static let name = "probe"

    /// The address, already checked against the app's policy by the parent.
    public var url: URL
    /// The probe's deadline, in seconds (``/ReelProbe/MediaProbe/timeout``).
    public var timeout: Double
    /// ``/ReelProbe/MediaProbe/probeSize``.
    public var probeSize: Int
    /// ``/ReelProbe/MediaProbe/analyzeDuration``, in seconds.
    public var analyzeDuration: Double
    /// ``/ReelProbe/MediaProbe/opensDecoders``.
    public var opensDecoders: Bool

    /// A job that probes `url` with `probe`'s bounds.
    public init(url: URL, probe: MediaProbe = MediaProbe()) {
        self.url = url
        timeout = Self.seconds(probe.timeout)
        probeSize = probe.probeSize
        analyzeDuration = Self.seconds(probe.analyzeDuration)
        opensDecoders = probe.opensDecoders
    }

    /// What the worker read, or why it could not.
    public enum Output: Codable, Sendable {
        /// The report.
        case media(ProbedMedia)
        /// The probe's typed error.
        case failure(ProbeError)
    }

    public func run(in context: IsolatedContext<ProbeJob>) async -> Output {
        // The worker runs no libmpv: FFmpeg's process-wide log may be silenced, the typed error
        // says what its warnings would.
        if context.processEndsAfterJob { FFmpegLog.quiet() }
        let probe = MediaProbe(
            timeout: .milliseconds(Int64((timeout * 1000).rounded())), probeSize: probeSize,
            analyzeDuration: .milliseconds(Int64((analyzeDuration * 1000).rounded())), opensDecoders: opensDecoders)
        do {
            return .media(try await probe.probe(url))
        } catch {
            return .failure(error)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension MediaProbe {
    /// Reads `url` in a worker process of `isolation`, which is killed when it has not answered
    /// a little after ``/ReelProbe/MediaProbe/timeout`` (the worker's start-up is not counted against the probe).
    ///
    /// ```swift
    /// let isolation = Isolation(executable: Isolation.currentExecutable, arguments: ["worker"])
    /// let media = try await MediaProbe().probe(address, isolation: isolation)
    /// ```
    ///
    /// The address is checked against ``/ReelProbe/MediaProbe/policy`` here, in the app's process; the worker opens it
    /// with the same protocol whitelists as ``/ReelProbe/MediaProbe/probe(_:)``.
    /// - Throws: ``/ReelProbe/ProbeError``: what the worker's probe threw, ``/ReelProbe/ProbeError/Code/timedOut`` when
    ///   the worker was killed at the deadline, ``/ReelProbe/ProbeError/Code/failed`` when it crashed or could
    ///   not run.
    public func probe(_ url: URL, isolation: Isolation, startupAllowance: Duration = .seconds(5))
        async throws(ProbeError) -> ProbedMedia
    {
        try check(url)
        let run: IsolatedRun<ProbeJob.Output>
        do {
            run = try await isolation.run(ProbeJob(url: url, probe: self), timeout: timeout + startupAllowance)
        } catch {
            let name = url.isFileURL ? "\"\(url.lastPathComponent)\"" : "\"\(url.absoluteString)\""
            switch error.reason {
            case .timedOut:
                throw ProbeError(.timedOut, message: "\(name) did not open in time; its worker was stopped.")
            default:
                throw ProbeError(.failed, message: "Probing \(name) failed: \(error.description)")
            }
        }
        switch run.output {
        case .media(let media): return media
        case .failure(let error): throw error
        }
    }
}
