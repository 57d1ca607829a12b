import CMPV
import Foundation
import ReelCore

/// Turns a libmpv error code, the item's address and the log lines seen while it loaded into a
/// ``PlayerError`` a user understands.
enum ErrorClassifier {
    static func classify(code: Int32, url: URL?, log: [String]) -> PlayerError {
        let engineCode = Int(code)
        let detail = ([String(cString: mpv_error_string(code))] + log.suffix(3)).joined(separator: " | ")
        func error(_ kind: PlayerError.Code, _ message: String? = nil) -> PlayerError {
            PlayerError(kind, message: message, engineCode: engineCode, engineDetail: detail)
        }
        if let url, url.isFileURL {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                return error(.fileNotFound, "The file \"\(url.lastPathComponent)\" could not be found.")
            }
            if isDirectory.boolValue {
                return error(.unsupportedFormat, "\"\(url.lastPathComponent)\" is a folder, not a media file.")
            }
            if !FileManager.default.isReadableFile(atPath: url.path) {
                return error(.fileNotFound, "The file \"\(url.lastPathComponent)\" cannot be read.")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            if size == 0 {
                return error(.unsupportedFormat, "The file \"\(url.lastPathComponent)\" is empty.")
            }
        } else if code != MPV_ERROR_NOTHING_TO_PLAY.rawValue, let network = networkError(in: log) {
            // Not for "nothing to play": the media opened, so the network did not fail it; and
            // libmpv hands FFmpeg's messages to one instance per process, so an HTTP error in
            // this log may be another instance's.
            return error(network)
        } else if let url, code == MPV_ERROR_LOADING_FAILED.rawValue, let answer = HTTPStatusProbe.answer(for: url) {
            // The log had no explanation (libmpv gives FFmpeg's messages to one instance per
            // process): ask the server.
            switch answer {
            case .status(let status) where status >= 400: return error(.httpStatus(status))
            case .unreachable: return error(.networkUnreachable)
            case .status: break
            }
        }
        let name = url.map { "\"\($0.lastPathComponent)\"" } ?? "The media"
        switch code {
        case MPV_ERROR_NOTHING_TO_PLAY.rawValue:
            return error(.nothingToPlay, "\(name) contains no audio or video that can be played.")
        case MPV_ERROR_AO_INIT_FAILED.rawValue, MPV_ERROR_VO_INIT_FAILED.rawValue: return error(.decoderFailure)
        case MPV_ERROR_GENERIC.rawValue:
            // libmpv 0.35.1 ends an item with "something happened" when it fails after the demuxer
            // opened, while it sets up the tracks: the fuzzer reaches it with a track whose codec
            // FFmpeg does not know ("[vd] Failed to initialize a decoder for codec ''.").
            return error(.decoderFailure, decoderFailure(in: log, name: name) ?? "\(name) could not be set up to play.")
        case MPV_ERROR_UNKNOWN_FORMAT.rawValue, MPV_ERROR_UNSUPPORTED.rawValue, MPV_ERROR_LOADING_FAILED.rawValue:
            if let url, !url.isFileURL, code == MPV_ERROR_LOADING_FAILED.rawValue {
                return error(.networkUnreachable, "The server for \(name) could not be reached.")
            }
            return error(.unsupportedFormat, "\(name) is not in a format that can be played, or it is damaged.")
        default: return error(.unknown)
        }
    }

    /// Whether `log` already holds what explains a failure with `code`: the decoder line of a
    /// generic failure, the network failure of a remote item. libmpv delivers log lines through a
    /// separate buffer, so they can arrive just after `END_FILE`; the engine waits briefly for them.
    static func isExplained(code: Int32, url: URL, log: [String]) -> Bool {
        if code == MPV_ERROR_GENERIC.rawValue { return decoderFailure(in: log, name: "") != nil }
        if !url.isFileURL { return networkError(in: log) != nil }
        return true
    }

    /// The sentence for mpv's own log line about a decoder it could not set up (these lines are
    /// this instance's, not FFmpeg's), or nil without one.
    static func decoderFailure(in log: [String], name: String) -> String? {
        for line in log.reversed() {
            guard
                let range = line.range(
                    of: #"Failed to initialize a decoder for codec '[^']*'"#, options: .regularExpression)
            else { continue }
            let codec = line[range].split(separator: "'", omittingEmptySubsequences: false).dropFirst().first ?? ""
            let track = line.contains("[ad]") ? "its audio" : line.contains("[vd]") ? "its video" : "one of its tracks"
            let what = codec.isEmpty ? "a codec FFmpeg does not know" : "the codec \(codec)"
            return "\(name) cannot be played: no decoder could be set up for \(track) (\(what))."
        }
        return nil
    }

    /// Finds an HTTP status or a connection failure in FFmpeg's and mpv's log lines.
    ///
    /// libmpv 0.35 hands FFmpeg's process-wide log to the first live libmpv instance only, so
    /// an engine created while another lives may not see FFmpeg's "HTTP error 404" about its own
    /// item (the failure is then a plain load failure), and the first engine may see another's.
    /// Nothing in FFmpeg's line says which connection it is about; when several network items
    /// fail at the same moment in one process, their statuses may be swapped.
    static func networkError(in log: [String]) -> PlayerError.Code? {
        for line in log.reversed() {
            if let range = line.range(of: #"HTTP error (\d{3})"#, options: .regularExpression) {
                let digits = line[range].suffix(3)
                if let status = Int(digits) { return .httpStatus(status) }
            }
            if let range = line.range(of: #"Server returned (\d{3})"#, options: .regularExpression) {
                let digits = line[range].suffix(3)
                if let status = Int(digits) { return .httpStatus(status) }
            }
            let lowered = line.lowercased()
            let markers = [
                "connection refused", "connection reset", "connection timed out", "network is unreachable",
                "failed to resolve", "timed out", "no route to host", "end of file", "too many redirects",
            ]
            if markers.contains(where: lowered.contains) { return .networkUnreachable }
        }
        return nil
    }
}
