import CMPV
import Foundation
import ReelCore

/// The libmpv options every Reel handle starts with, and the one place that applies options.
///
/// Both ``MPVEngine`` and ``FrameGrabber`` use them, so the security defaults cannot drift apart.
enum MPVOptions {
    /// No user configuration, scripts, youtube-dl, input bindings, on-screen controller or
    /// terminal; unsafe playlist entries refused; FFmpeg limited to plain network and file
    /// protocols; software decoding; idle when nothing plays.
    static func secure(_ configuration: MPVConfiguration) -> [(String, String)] {
        [
            ("config", "no"), ("load-scripts", "no"), ("ytdl", "no"), ("input-default-bindings", "no"),
            ("input-vo-keyboard", "no"), ("input-terminal", "no"), ("osc", "no"), ("terminal", "no"),
            ("load-unsafe-playlists", "no"), ("load-stats-overlay", "no"), ("load-osd-console", "no"),
            ("load-auto-profiles", "no"), ("resume-playback", "no"), ("idle", "yes"),
            ("hwdec", configuration.hardwareDecoding == .autoSafe ? "auto-safe" : "no"),
            ("rtsp-transport", configuration.rtspTransport.rawValue),
            ("volume-max", String(format: "%.0f", min(10, max(1, configuration.maximumVolume)) * 100)),
            ("demuxer-lavf-o", lavfOptions(extraProtocols: nil, patience: configuration.livePlaylistPatience)),
        ] + buffering(configuration.buffering)
    }

    /// The options that carry out a buffering policy, every one of them each time (so that a
    /// policy set at run time replaces the whole of the one before): libmpv's defaults for what
    /// the policy leaves unset.
    static func buffering(_ policy: BufferingPolicy) -> [(String, String)] {
        func seconds(_ value: TimeInterval) -> String { String(format: "%.3f", value) }
        return [
            ("cache-pause", policy.waiting == .never ? "no" : "yes"),
            ("cache-pause-initial", policy.waiting == .toMinimizeStalls ? "yes" : "no"),
            ("cache-pause-wait", seconds(policy.resumeAfter)),
            ("cache-secs", seconds(policy.forwardBufferDuration ?? 1000)),
            ("demuxer-readahead-secs", seconds(policy.forwardBufferDuration ?? 1)),
            ("demuxer-max-bytes", String(policy.maximumForwardBytes)),
            ("demuxer-max-back-bytes", String(policy.maximumBackwardBytes)),
            ("network-timeout", seconds(policy.networkTimeout)),
            ("stream-lavf-o", streamOptions(policy)),
        ]
    }

    /// FFmpeg's protocol options for a policy: HTTP reopens a dropped connection at the offset it
    /// reached (libmpv opens http and https through FFmpeg), and TCP's receive buffer.
    static func streamOptions(_ policy: BufferingPolicy) -> String {
        var options: [String] = []
        // libmpv turns FFmpeg's `reconnect` on by itself for http: off is said explicitly.
        options.append(
            policy.reconnectsHTTP
                ? "reconnect=1,reconnect_streamed=1,reconnect_on_network_error=1,reconnect_delay_max=5"
                : "reconnect=0")
        if let bytes = policy.receiveBufferBytes { options.append("recv_buffer_size=\(bytes)") }
        return options.joined(separator: ",")
    }

    /// libavformat's options for every item: the protocols it may open (plus `extraProtocols`,
    /// those a live source allowed by the URL policy needs), and how many times FFmpeg's HLS
    /// demuxer reloads a live playlist that brings nothing new before the stream ends
    /// (`m3u8_hold_counters`; FFmpeg's own default, 1000, would hold a dry stream for a quarter
    /// of an hour).
    static func lavfOptions(extraProtocols: String?, patience: Int?) -> String {
        let protocols = "file,http,https,tcp,tls,crypto,data" + (extraProtocols.map { "," + $0 } ?? "")
        return "protocol_whitelist=[\(protocols)]" + (patience.map { ",m3u8_hold_counters=\(max(1, $0))" } ?? "")
    }

    /// Throws when an app's extra options touch ``MPVEngine/protectedOptions``; called before a
    /// handle is created.
    static func refuseProtected(_ extra: [String: String]) throws(PlayerError) {
        if let protected = extra.keys.sorted().first(where: { MPVEngine.protectedOptions.contains($0) }) {
            throw PlayerError(
                .invalidArgument, message: "The option \"\(protected)\" is set by Reel and cannot be changed.")
        }
    }

    /// Sets `options` in order (a later value of the same option wins), then the app's extra
    /// options (checked by ``refuseProtected(_:)`` beforehand).
    static func apply(
        _ options: [(String, String)], extra: [String: String], to handle: MPVHandle
    ) throws(PlayerError) {
        for (name, value) in options + extra.sorted(by: { $0.key < $1.key }) {
            let status = mpv_set_option_string(handle.pointer, name, value)
            if status < 0 {
                throw PlayerError(
                    .invalidArgument, message: "The engine option \"\(name)=\(value)\" was refused.",
                    engineCode: Int(status), engineDetail: String(cString: mpv_error_string(status)))
            }
        }
    }
}
