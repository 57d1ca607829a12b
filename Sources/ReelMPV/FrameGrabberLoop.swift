import CMPV
import Foundation
import NIOConcurrencyHelpers
import ReelCore

/// The thread of a ``FrameGrabber``: the only code that touches its `mpv_handle` after setup.
///
/// Requests wait in ``Pending`` (one open, and only the newest picture); the thread takes one,
/// carries it out with libmpv's synchronous calls while it reads the events it needs, and
/// resumes the caller. With nothing to do it blocks in `mpv_wait_event`; a new request or
/// ``stop()`` wakes it with `mpv_wakeup`, called under the lock and only while the handle exists.
final class FrameGrabberLoop: Sendable {
    typealias OpenResult = Result<FrameGrabber.Media, PlayerError>
    typealias FrameResult = Result<FrameGrabber.Frame?, PlayerError>

    private struct OpenRequest {
        var url: URL
        var target: String
        var continuation: CheckedContinuation<OpenResult, Never>
    }

    private struct FrameRequest {
        var id: UInt64
        var time: Double
        var continuation: CheckedContinuation<FrameResult, Never>
    }

    /// What waits for the thread; guarded by the mutex.
    private struct Pending {
        var isAlive = true
        var handleExists = true
        var open: OpenRequest?
        var frame: FrameRequest?
        var nextID: UInt64 = 0
        var framesTaken = 0
    }

    private enum Work {
        case open(OpenRequest)
        case frame(FrameRequest)
        case stop
    }

    private let handle: MPVHandle
    private let networkTimeout: Double
    /// Where libmpv's log lines go (``MPVConfiguration/logger``).
    private let log: EngineLog
    private let pending = NIOLockedValueBox(Pending())
    private let finished = DispatchGroup()

    init(handle: MPVHandle, networkTimeout: Double, log: EngineLog) {
        self.log = log
        self.handle = handle
        self.networkTimeout = networkTimeout
        finished.enter()
    }

    var framesTaken: Int { pending.withLockedValue { $0.framesTaken } }

    // MARK: - Callers' side

    func submitOpen(url: URL, target: String) async -> OpenResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<OpenResult, Never>) in
            pending.withLockedValue { state in
                guard state.isAlive else { return continuation.resume(returning: .failure(PlayerError(.engineGone))) }
                if let replaced = state.open {
                    let error = PlayerError(.commandFailed, message: "A newer item was opened instead.")
                    replaced.continuation.resume(returning: .failure(error))
                }
                state.open = OpenRequest(url: url, target: target, continuation: continuation)
                mpv_wakeup(handle.pointer)
            }
        }
    }

    func submitFrame(time: Double) async -> FrameResult {
        let id = pending.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<FrameResult, Never>) in
                pending.withLockedValue { state in
                    guard state.isAlive else {
                        return continuation.resume(returning: .failure(PlayerError(.engineGone)))
                    }
                    if Task.isCancelled { return continuation.resume(returning: .success(nil)) }
                    // The scrub moved on: the request that waited is answered with nothing.
                    state.frame?.continuation.resume(returning: .success(nil))
                    state.frame = FrameRequest(id: id, time: time, continuation: continuation)
                    mpv_wakeup(handle.pointer)
                }
            }
        } onCancel: {
            pending.withLockedValue { state in
                guard let request = state.frame, request.id == id else { return }
                state.frame = nil
                request.continuation.resume(returning: .success(nil))
            }
        }
    }

    func stop() {
        pending.withLockedValue { state in
            guard state.isAlive else { return }
            state.isAlive = false
            if state.handleExists { mpv_wakeup(handle.pointer) }
        }
    }

    func waitUntilFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            finished.notify(queue: .global()) { continuation.resume() }
        }
    }

    // MARK: - The thread

    /// Runs requests until ``stop()``, then destroys the handle.
    func run() {
        var session = Session()
        while true {
            let work: Work? = pending.withLockedValue { state in
                if !state.isAlive { return .stop }
                if let open = state.open {
                    state.open = nil
                    return .open(open)
                }
                if let frame = state.frame {
                    state.frame = nil
                    return .frame(frame)
                }
                return nil
            }
            switch work {
            case .stop:
                finish()
                return
            case .open(let request):
                let result = open(request, session: &session)
                request.continuation.resume(returning: result)
            case .frame(let request):
                let result = frame(at: request.time, session: &session)
                if case .success(.some) = result { pending.withLockedValue { $0.framesTaken += 1 } }
                request.continuation.resume(returning: result)
            case nil:
                guard let event = mpv_wait_event(handle.pointer, -1) else { continue }
                note(event.pointee, session: &session)
            }
        }
    }

    /// Fails whatever still waits, then destroys the handle exactly once.
    private func finish() {
        let (open, frame) = pending.withLockedValue { state in
            state.handleExists = false
            defer {
                state.open = nil
                state.frame = nil
            }
            return (state.open, state.frame)
        }
        open?.continuation.resume(returning: .failure(PlayerError(.engineGone)))
        frame?.continuation.resume(returning: .failure(PlayerError(.engineGone)))
        mpv_terminate_destroy(handle.pointer)
        LibraryOutput.remove(log)
        finished.leave()
    }

    private var isAlive: Bool { pending.withLockedValue { $0.isAlive } }

    // MARK: - Requests

    /// What the thread knows about the open item.
    private struct Session {
        var entry: Int64?
        var url: URL?
        var log: [String] = []
        var isOpen = false
    }

    /// The outcome of waiting for an event.
    private enum Wait {
        case reached
        case failed(PlayerError)
    }

    private func open(_ request: OpenRequest, session: inout Session) -> OpenResult {
        session = Session(url: request.url)
        LibraryOutput.itemStarted(nil, engine: log.engine)
        let node = MPVNode.map([
            "name": .string("loadfile"), "url": .string(request.target), "flags": .string("replace"),
        ])
        var result = mpv_node()
        let status = withMPVNode(node) { mpv_command_node(handle.pointer, $0, &result) }
        let reply = MPVNode(&result)
        mpv_free_node_contents(&result)
        do {
            try MPVEngine.check(status, "open \(request.url.lastPathComponent)")
        } catch {
            return .failure(error)
        }
        guard case .int(let entry) = reply["playlist_entry_id"] else {
            return .failure(PlayerError(.commandFailed, message: "The frame grabber did not accept the item."))
        }
        session.entry = entry
        if case .failed(let error) = wait(for: MPV_EVENT_FILE_LOADED, session: &session) { return .failure(error) }
        let tracks = handle.property("track-list").array
        let hasVideo = tracks.contains { $0["type"].string == "video" && $0["albumart"].bool != true }
        guard hasVideo else {
            _ = withMPVNode(.array([.string("stop")])) { mpv_command_node(handle.pointer, $0, nil) }
            let name = request.url.isFileURL ? "\"\(request.url.lastPathComponent)\"" : "The media"
            return .failure(PlayerError(.nothingToPlay, message: "\(name) has no video to take pictures from."))
        }
        // The first picture is decoded before the item counts as open, so that the next seek's
        // restart is never confused with this one.
        if case .failed(let error) = wait(for: MPV_EVENT_PLAYBACK_RESTART, session: &session) {
            return .failure(error)
        }
        session.isOpen = true
        let duration = handle.property("duration").double
        return .success(
            FrameGrabber.Media(
                duration: duration.flatMap { $0 > 0 ? $0 : nil }, width: handle.property("width").int ?? 0,
                height: handle.property("height").int ?? 0))
    }

    private func frame(at time: Double, session: inout Session) -> FrameResult {
        guard session.isOpen else {
            return .failure(PlayerError(.invalidArgument, message: "No item is open in the frame grabber."))
        }
        let seek = MPVNode.map([
            "name": .string("seek"), "target": .double(time), "flags": .string("absolute+keyframes"),
        ])
        let status = withMPVNode(seek) { mpv_command_node(handle.pointer, $0, nil) }
        do {
            try MPVEngine.check(status, "seek to \(time) s")
        } catch {
            return .failure(error)
        }
        if case .failed(let error) = wait(for: MPV_EVENT_PLAYBACK_RESTART, session: &session) {
            return .failure(error)
        }
        let position = handle.property("time-pos").double ?? time
        return screenshot(at: position)
    }

    /// Reads the picture on screen with `screenshot-raw` and converts mpv's `bgr0` into RGBA.
    private func screenshot(at time: Double) -> FrameResult {
        let command = MPVNode.map(["name": .string("screenshot-raw"), "flags": .string("video")])
        var result = mpv_node()
        let status = withMPVNode(command) { mpv_command_node(handle.pointer, $0, &result) }
        defer { mpv_free_node_contents(&result) }
        do {
            try MPVEngine.check(status, "take a picture")
        } catch {
            return .failure(error)
        }
        guard let picture = RawPicture(result) else {
            return .failure(PlayerError(.commandFailed, message: "The frame grabber returned no picture."))
        }
        return .success(
            FrameGrabber.Frame(time: time, width: picture.width, height: picture.height, pixels: picture.rgba))
    }

    /// Waits for `awaited` (or the item's failure, a stop, or the network timeout).
    private func wait(for awaited: mpv_event_id, session: inout Session) -> Wait {
        let deadline = HostTime.now.advanced(by: networkTimeout + 5)
        while true {
            guard isAlive else { return .failed(PlayerError(.engineGone)) }
            let remaining = deadline.seconds(since: .now)
            guard remaining > 0 else {
                return .failed(
                    PlayerError(.networkUnreachable, message: "The frame grabber timed out waiting for the media."))
            }
            guard let event = mpv_wait_event(handle.pointer, remaining)?.pointee else { continue }
            if event.event_id == awaited { return .reached }
            if event.event_id == MPV_EVENT_SHUTDOWN { return .failed(PlayerError(.engineGone)) }
            if event.event_id == MPV_EVENT_END_FILE,
                let end = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee,
                end.playlist_entry_id == session.entry
            {
                session.isOpen = false
                return .failed(failure(of: end, session: &session))
            }
            note(event, session: &session)
        }
    }

    /// Why the item ended; a network failure waits briefly for the log line that explains it,
    /// as ``EventPump`` does.
    private func failure(of end: mpv_event_end_file, session: inout Session) -> PlayerError {
        guard end.reason == MPV_END_FILE_REASON_ERROR else {
            return PlayerError(.unsupportedFormat, message: "The media ended before a picture was decoded.")
        }
        if let url = session.url, !url.isFileURL, ErrorClassifier.networkError(in: session.log) == nil {
            let deadline = HostTime.now.advanced(by: 0.25)
            while ErrorClassifier.networkError(in: session.log) == nil {
                let remaining = deadline.seconds(since: .now)
                guard remaining > 0, let event = mpv_wait_event(handle.pointer, remaining)?.pointee else { break }
                if event.event_id == MPV_EVENT_NONE { break }
                note(event, session: &session)
            }
        }
        return ErrorClassifier.classify(code: end.error, url: session.url, log: session.log)
    }

    /// Keeps the last log lines (to explain failures); other events need no handling.
    private func note(_ event: mpv_event, session: inout Session) {
        guard event.event_id == MPV_EVENT_LOG_MESSAGE,
            let data = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee
        else { return }
        let text = String(cString: data.text).trimmingCharacters(in: .newlines)
        let module = String(cString: data.prefix)
        session.log.append("[\(module)] \(text)")
        log.libmpv(module: module, level: String(cString: data.level), text: text, item: nil)
        if session.log.count > 20 { session.log.removeFirst(session.log.count - 20) }
    }

}

/// The map that `screenshot-raw` returns: `w`, `h`, `stride`, `format` and the bytes in `data`
/// (an `MPV_FORMAT_BYTE_ARRAY`, which ``MPVNode`` does not copy), converted to RGBA.
private struct RawPicture {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    init?(_ node: mpv_node) {
        guard node.format == MPV_FORMAT_NODE_MAP, let list = node.u.list?.pointee, let keys = list.keys else {
            return nil
        }
        var width = 0
        var height = 0
        var stride = 0
        var format = ""
        var bytes: UnsafeRawBufferPointer?
        for index in 0..<Int(list.num) {
            guard let key = keys[index] else { continue }
            let value = list.values[index]
            switch String(cString: key) {
            case "w": width = Int(value.u.int64)
            case "h": height = Int(value.u.int64)
            case "stride": stride = Int(value.u.int64)
            case "format": format = value.u.string.map { String(cString: $0) } ?? ""
            case "data":
                if value.format == MPV_FORMAT_BYTE_ARRAY, let array = value.u.ba?.pointee, let data = array.data {
                    bytes = UnsafeRawBufferPointer(start: data, count: array.size)
                }
            default: break
            }
        }
        guard let bytes, width > 0, height > 0, stride >= width * 4, bytes.count >= stride * height,
            ["bgr0", "bgra"].contains(format)
        else { return nil }
        self.width = width
        self.height = height
        rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for row in 0..<height {
                let source = row * stride
                let destination = row * width * 4
                for column in 0..<width {
                    let from = source + column * 4
                    let to = destination + column * 4
                    buffer[to] = bytes[from + 2]
                    buffer[to + 1] = bytes[from + 1]
                    buffer[to + 2] = bytes[from]
                    buffer[to + 3] = 255
                }
            }
            count = width * height * 4
        }
    }
}
