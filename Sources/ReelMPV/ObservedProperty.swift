import CMPV
import Foundation
import ReelCore

/// The libmpv properties the engine observes, and how each becomes a ``PropertyChange``.
///
/// The raw value is the `reply_userdata` of `mpv_observe_property`, so a change event names its
/// property without a string comparison. Every property is observed as `MPV_FORMAT_NODE`, so
/// an unavailable value arrives as `MPV_FORMAT_NONE` and maps to `nil`.
enum ObservedProperty: UInt64, CaseIterable {
    case pause = 1
    case pausedForCache
    case cacheBufferingState
    case eofReached
    case timePos
    case duration
    case demuxerCacheState
    case seekable
    case trackList
    case videoParams
    case chapterList
    case metadata
    case mediaTitle
    case fileFormat
    case speed
    case volume
    case mute
    case loopFile
    case abLoopA
    case abLoopB
    case hardwareDecoder
    case audioDeviceList
    case currentAudioOutput

    /// What is known once a file is loaded, read at `MPV_EVENT_FILE_LOADED`.
    static let knownAtLoad: [ObservedProperty] = [
        .duration, .trackList, .chapterList, .metadata, .mediaTitle, .fileFormat, .seekable,
    ]

    /// The libmpv property name.
    var name: String {
        switch self {
        case .pause: "pause"
        case .pausedForCache: "paused-for-cache"
        case .cacheBufferingState: "cache-buffering-state"
        case .eofReached: "eof-reached"
        case .timePos: "time-pos"
        case .duration: "duration"
        case .demuxerCacheState: "demuxer-cache-state"
        case .seekable: "seekable"
        case .trackList: "track-list"
        case .videoParams: "video-params"
        case .chapterList: "chapter-list"
        case .metadata: "metadata"
        case .mediaTitle: "media-title"
        case .fileFormat: "file-format"
        case .speed: "speed"
        case .volume: "volume"
        case .mute: "mute"
        case .loopFile: "loop-file"
        case .abLoopA: "ab-loop-a"
        case .abLoopB: "ab-loop-b"
        case .hardwareDecoder: "hwdec-current"
        case .audioDeviceList: "audio-device-list"
        case .currentAudioOutput: "current-ao"
        }
    }

    /// The change this property's new value means, or nil when it means nothing by itself.
    func change(_ value: MPVNode, at time: HostTime, abLoop: inout ABLoop) -> PropertyChange? {
        switch self {
        case .pause: return value.bool.map(PropertyChange.paused)
        case .pausedForCache: return .pausedForCache(value.bool ?? false)
        case .cacheBufferingState: return .bufferingProgress(value.double.map { $0 / 100 })
        case .eofReached: return .endReached(value.bool ?? false)
        case .timePos: return .position(value.double, at: time)
        case .duration: return .duration(value.double)
        case .demuxerCacheState: return .bufferedRanges(Self.ranges(value))
        case .seekable: return .seekable(value.bool)
        case .trackList: return .tracks(value.array.compactMap(Self.track))
        case .videoParams: return .video(Self.video(value))
        case .chapterList:
            return .chapters(
                value.array.compactMap { node in
                    node["time"].double.map { Chapter(title: node["title"].string, start: $0) }
                })
        case .metadata:
            guard case .map(let map) = value else { return .metadata([:]) }
            return .metadata(map.compactMapValues { $0.string })
        case .mediaTitle: return .title(value.string)
        case .fileFormat:
            // A clip is an EDL timeline (MPVEngine.loadTarget): `edl/` and the file's format.
            return .container(value.string.map { $0.hasPrefix("edl/") ? String($0.dropFirst(4)) : $0 })
        case .speed: return value.double.map(PropertyChange.speed)
        case .volume: return value.double.map { .volume($0 / 100) }
        case .mute: return value.bool.map(PropertyChange.muted)
        case .loopFile:
            // "inf", a count, or "no"/false.
            let off = value.bool == false || value.string == "no" || value.int == 0 || value == .none
            return .loop(off ? .off : .item)
        case .abLoopA:
            abLoop.a = value.double
            return .abLoop(abLoop)
        case .abLoopB:
            abLoop.b = value.double
            return .abLoop(abLoop)
        case .hardwareDecoder:
            // "no" (or nothing) while software decodes.
            let name = value.string
            return .hardwareDecoder(name == "no" || name?.isEmpty == true ? nil : name)
        case .audioDeviceList: return .audioDevices(MPVEngine.audioDevices(value))
        case .currentAudioOutput: return .audioOutputDriver(value.string.flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    private static func ranges(_ state: MPVNode) -> [TimeRange] {
        state["seekable-ranges"].array.compactMap { range in
            guard let start = range["start"].double, let end = range["end"].double else { return nil }
            return TimeRange(start: start, end: end)
        }
    }

    private static func track(_ node: MPVNode) -> Track? {
        guard let id = node["id"].int, let type = node["type"].string else { return nil }
        let kind: TrackKind
        switch type {
        case "video": kind = .video
        case "audio": kind = .audio
        case "sub": kind = .subtitle
        default: return nil
        }
        // demux-fps carries float noise (30.000000300000004): keep millihertz.
        let frameRate: Double? = node["demux-fps"].double.map { ($0 * 1000).rounded() / 1000 }
        return Track(
            id: id, kind: kind, codec: node["codec"].string, language: node["lang"].string,
            title: node["title"].string, isDefault: node["default"].bool ?? false,
            isForced: node["forced"].bool ?? false, isExternal: node["external"].bool ?? false,
            isSelected: (node["selected"].bool ?? false) && node["main-selection"].int != 1, width: node["demux-w"].int,
            height: node["demux-h"].int,
            frameRate: frameRate, channelCount: node["demux-channel-count"].int,
            sampleRate: node["demux-samplerate"].int, bitrate: node["demux-bitrate"].int,
            // A secondary subtitle track is selected too; mpv tells it by its `main-selection`.
            isSecondarySelected: kind == .subtitle && node["selected"].bool == true && node["main-selection"].int == 1)
    }

    private static func video(_ params: MPVNode) -> VideoGeometry? {
        guard let width = params["w"].int, let height = params["h"].int, width > 0, height > 0 else { return nil }
        return VideoGeometry(
            width: width, height: height, displayWidth: params["dw"].int, displayHeight: params["dh"].int,
            rotation: params["rotate"].int ?? 0)
    }
}
