import Foundation

/// An RTSP server on 127.0.0.1 for a test, fed by ffmpeg: Debian's `librtsp-server-perl`
/// (RTSP::Server, a relay: a source announces a stream, players read it) with ffmpeg publishing
/// a clip, looped in real time, to it. Its players get the media over RTP on UDP, the one
/// transport this server serves.
///
/// ```swift
/// let server = try await LoopbackRTSPServer.start(publishing: clip)
/// defer { server.stop() }
/// try player.load(MediaItem(url: server.url))
/// ```
package struct LoopbackRTSPServer: Sendable {
    /// The stream's address for players.
    package let url: URL
    private let shell: Int32
    private let processes: [Int32]

    /// Whether Perl's RTSP::Server is installed (`librtsp-server-perl`, from `make deps`).
    package static var isAvailable: Bool {
        BlockingCommand.run("/usr/bin/perl", ["-MRTSP::Server", "-MAnyEvent", "-e", "1"])?.status == 0
    }

    /// Starts the server on free ports and ffmpeg publishing `clip` (looped, in real time) to it,
    /// and returns once the server has the stream mounted and recording.
    /// - Throws: ``LoopbackRTSPServerError`` with the server's and ffmpeg's logs when either
    ///   ends first.
    package static func start(publishing clip: URL) async throws -> LoopbackRTSPServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reel-rtsp-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clientPort = LoopbackPort.free(udp: false)
        let sourcePort = LoopbackPort.free(udp: false)
        let rtpPort = LoopbackPort.free(udp: true)
        let script = Self.script(
            clip: clip, clientPort: clientPort, sourcePort: sourcePort, rtpPort: rtpPort,
            owner: ProcessInfo.processInfo.processIdentifier)
        let (shell, lines) = try await DaemonShell.start(script, lines: 1, directory: directory)
        let words = (lines.first ?? "").split(separator: " ")
        guard words.count == 3, words[0] == "ready", let server = Int32(words[1]), let ffmpeg = Int32(words[2]),
            let url = URL(string: "rtsp://127.0.0.1:\(clientPort)/live")
        else {
            kill(shell.processIdentifier, SIGKILL)
            func log(_ name: String) -> String {
                (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            }
            throw LoopbackRTSPServerError(serverLog: log("server.log"), ffmpegLog: log("ffmpeg.log"))
        }
        return LoopbackRTSPServer(url: url, shell: shell.processIdentifier, processes: [ffmpeg, server])
    }

    /// Stops ffmpeg, the server and their watching shell.
    package func stop() {
        for process in processes + [shell] { kill(process, SIGKILL) }
    }

    /// Starts the server, then ffmpeg once it listens, and prints "ready SERVER FFMPEG" once the
    /// server records the stream (or "failed" when either ends first); then watches the test
    /// process `owner` and kills both when it is gone.
    private static func script(clip: URL, clientPort: Int, sourcePort: Int, rtpPort: Int, owner: Int32) -> String {
        """
        perl -MAnyEvent -MRTSP::Server -e '$|=1; my $s = RTSP::Server->new_with_options; $s->listen; \
            print "listening\\n"; AnyEvent->condvar->recv' -- \
            --clientport \(clientPort) --serverport \(sourcePort) --rtp_start_port \(rtpPort) \
            --client_listen_address 127.0.0.1 --source_listen_address 127.0.0.1 -l 4 \
            </dev/null >server.log 2>&1 &
        server=$!
        until grep -q '^listening' server.log 2>/dev/null; do
            kill -0 "$server" 2>/dev/null || { echo failed; exit 1; }
            sleep 0.02
        done
        ffmpeg -hide_banner -loglevel error -nostdin -re -stream_loop -1 -i '\(clip.path)' -c copy \
            -rtsp_transport udp -f rtsp rtsp://127.0.0.1:\(sourcePort)/live </dev/null >ffmpeg.log 2>&1 &
        ffmpeg=$!
        until grep -q 'Got record for mountpoint' server.log 2>/dev/null; do
            kill -0 "$server" 2>/dev/null && kill -0 "$ffmpeg" 2>/dev/null || { echo failed; exit 1; }
            sleep 0.02
        done
        echo "ready $server $ffmpeg"
        exec >/dev/null
        while kill -0 \(owner) 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
        kill -9 "$ffmpeg" "$server" 2>/dev/null
        """
    }
}

/// The RTSP server or its ffmpeg source ended before the stream was recording.
package struct LoopbackRTSPServerError: Error, CustomStringConvertible {
    /// What the server printed.
    package var serverLog: String
    /// What ffmpeg printed.
    package var ffmpegLog: String

    package var description: String {
        "The loopback RTSP server did not start.\nServer:\n\(serverLog)\nffmpeg:\n\(ffmpegLog)"
    }
}
