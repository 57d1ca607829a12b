import CPulse
import Foundation
import NIOConcurrencyHelpers

/// A libpulse connection to the sound server (PulseAudio, or PipeWire's pulse server) that
/// reports its outputs and streams as ``SoundServerObservation``s.
///
/// libpulse's threaded main loop runs the connection on a thread of its own; `observe` and
/// `failed` are called there, in the order the server spoke. Every libpulse call from another
/// thread holds the main loop's lock, as libpulse requires.
final class SoundServerConnection: @unchecked Sendable {
    // @unchecked: the pointers are used under the main loop's lock, or after its thread stopped.
    private let mainloop: OpaquePointer
    private let context: OpaquePointer
    private let callbacks: Unmanaged<SoundServerCallbacks>
    private var isClosed = false

    /// Connects to `server` (libpulse's default when nil: `PULSE_SERVER`, then the user's
    /// runtime directory), never starting a server, and returns once the server has listed the
    /// outputs and streams it has now.
    /// - Throws: ``SoundServerError`` when there is no server or it refuses the connection.
    init(
        server: String?, selection: AudioStreamSelection,
        observe: @escaping @Sendable (SoundServerObservation) -> Void,
        failed: @escaping @Sendable (String) -> Void
    ) throws(SoundServerError) {
        guard let mainloop = pa_threaded_mainloop_new() else {
            throw SoundServerError("start libpulse's main loop", reason: "out of memory")
        }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), "Reel audio output monitor") else {
            pa_threaded_mainloop_free(mainloop)
            throw SoundServerError("start libpulse's main loop", reason: "out of memory")
        }
        let callbacks = SoundServerCallbacks(
            mainloop: mainloop, selection: selection, observe: observe, failed: failed)
        self.mainloop = mainloop
        self.context = context
        self.callbacks = Unmanaged.passRetained(callbacks)
        let userdata = self.callbacks.toOpaque()
        pa_context_set_state_callback(context, contextStateChanged, userdata)
        pa_context_set_subscribe_callback(context, serverEvent, userdata)
        guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            let reason = Self.errorText(context)
            release()
            throw SoundServerError("connect to the sound server", reason: reason)
        }
        pa_threaded_mainloop_lock(mainloop)
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            pa_threaded_mainloop_unlock(mainloop)
            release()
            throw SoundServerError("start libpulse's main loop", reason: "no thread")
        }
        // A server that accepts the connection but never answers must not hang the caller.
        let timer = pa_context_rttime_new(context, pa_rtclock_now() + Self.answerTimeout, answerTimedOut, userdata)
        let freeTimer = { timer.map { pa_threaded_mainloop_get_api(mainloop).pointee.time_free($0) } }
        do throws(SoundServerError) {
            try waitUntilReady()
            try subscribeAndList()
        } catch {
            freeTimer()
            pa_threaded_mainloop_unlock(mainloop)
            close()
            throw error
        }
        freeTimer()
        pa_threaded_mainloop_unlock(mainloop)
    }

    deinit { close() }

    /// How long `init` waits for the server to answer (5 s, in µs).
    static let answerTimeout: pa_usec_t = 5_000_000

    /// Disconnects and stops the main loop's thread. Idempotent; not from a callback.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        callbacks.takeUnretainedValue().isClosing.withLockedValue { $0 = true }
        pa_threaded_mainloop_lock(mainloop)
        pa_context_disconnect(context)
        pa_threaded_mainloop_unlock(mainloop)
        pa_threaded_mainloop_stop(mainloop)
        release()
    }

    /// Frees what `init` made, once the main loop's thread is stopped (or never ran).
    private func release() {
        isClosed = true
        pa_context_unref(context)
        pa_threaded_mainloop_free(mainloop)
        callbacks.release()
    }

    // MARK: - Under the main loop's lock

    private func waitUntilReady() throws(SoundServerError) {
        while true {
            try checkAnswerTime("connect to the sound server")
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_READY { return }
            if PA_CONTEXT_IS_GOOD(state) == 0 {
                throw SoundServerError("connect to the sound server", reason: Self.errorText(context))
            }
            pa_threaded_mainloop_wait(mainloop)
        }
    }

    /// Subscribes to output and stream events, then lists what exists and waits for the lists.
    private func subscribeAndList() throws(SoundServerError) {
        let mask = pa_subscription_mask_t(PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue)
        let userdata = callbacks.toOpaque()
        let operations = [
            pa_context_subscribe(context, mask, operationDone, userdata),
            pa_context_get_sink_info_list(context, sinkListed, userdata),
            pa_context_get_sink_input_info_list(context, sinkInputListed, userdata),
        ]
        defer {
            for operation in operations { operation.map(pa_operation_unref) }
        }
        guard operations.allSatisfy({ $0 != nil }) else {
            throw SoundServerError("watch the sound server's outputs", reason: Self.errorText(context))
        }
        while operations.contains(where: { pa_operation_get_state($0) == PA_OPERATION_RUNNING }) {
            try checkAnswerTime("watch the sound server's outputs")
            guard PA_CONTEXT_IS_GOOD(pa_context_get_state(context)) != 0 else {
                throw SoundServerError("watch the sound server's outputs", reason: Self.errorText(context))
            }
            pa_threaded_mainloop_wait(mainloop)
        }
    }

    private func checkAnswerTime(_ action: String) throws(SoundServerError) {
        guard callbacks.takeUnretainedValue().answerTimedOut.withLockedValue({ $0 }) else { return }
        throw SoundServerError(action, reason: "it did not answer within \(Self.answerTimeout / 1_000_000) s")
    }

    private static func errorText(_ context: OpaquePointer) -> String {
        String(cString: pa_strerror(pa_context_errno(context)))
    }
}

/// What libpulse's C callbacks reach through their `userdata`.
final class SoundServerCallbacks: @unchecked Sendable {
    // @unchecked: `mainloop` is only signalled; the closures are Sendable; `isClosing` is locked.
    let mainloop: OpaquePointer
    let selection: AudioStreamSelection
    let observe: @Sendable (SoundServerObservation) -> Void
    let failed: @Sendable (String) -> Void
    /// Set before a deliberate disconnect, so its state change is not reported as a failure.
    let isClosing = NIOLockedValueBox(false)
    /// Set when the server took longer than ``SoundServerConnection/answerTimeout`` to answer.
    let answerTimedOut = NIOLockedValueBox(false)

    init(
        mainloop: OpaquePointer, selection: AudioStreamSelection,
        observe: @escaping @Sendable (SoundServerObservation) -> Void, failed: @escaping @Sendable (String) -> Void
    ) {
        self.mainloop = mainloop
        self.selection = selection
        self.observe = observe
        self.failed = failed
    }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> SoundServerCallbacks? {
        userdata.map { Unmanaged<SoundServerCallbacks>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Wakes whoever waits in `pa_threaded_mainloop_wait`.
    func signal() { pa_threaded_mainloop_signal(mainloop, 0) }
}

// MARK: - C callbacks (on libpulse's main loop thread)

private func contextStateChanged(_ context: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let context, let callbacks = SoundServerCallbacks.from(userdata) else { return }
    let state = pa_context_get_state(context)
    callbacks.signal()
    let closing = callbacks.isClosing.withLockedValue { $0 }
    if (state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED) && !closing {
        callbacks.failed(String(cString: pa_strerror(pa_context_errno(context))))
    }
}

private func answerTimedOut(
    _ api: UnsafeMutablePointer<pa_mainloop_api>?, _ event: OpaquePointer?, _ time: UnsafePointer<timeval>?,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let callbacks = SoundServerCallbacks.from(userdata) else { return }
    callbacks.answerTimedOut.withLockedValue { $0 = true }
    callbacks.signal()
}

private func operationDone(_ context: OpaquePointer?, _ success: Int32, _ userdata: UnsafeMutableRawPointer?) {
    SoundServerCallbacks.from(userdata)?.signal()
}

private func serverEvent(
    _ context: OpaquePointer?, _ event: pa_subscription_event_type_t, _ index: UInt32,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let context, let callbacks = SoundServerCallbacks.from(userdata) else { return }
    let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
    let removed = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue
    switch (facility, removed) {
    case (PA_SUBSCRIPTION_EVENT_SINK.rawValue, true):
        callbacks.observe(.outputRemoved(index))
    case (PA_SUBSCRIPTION_EVENT_SINK.rawValue, false):
        pa_context_get_sink_info_by_index(context, index, sinkListed, userdata).map(pa_operation_unref)
    case (PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue, true):
        callbacks.observe(.streamRemoved(index))
    case (PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue, false):
        pa_context_get_sink_input_info(context, index, sinkInputListed, userdata).map(pa_operation_unref)
    default:
        break
    }
}

private func sinkListed(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let callbacks = SoundServerCallbacks.from(userdata) else { return }
    guard end == 0, let sink = info?.pointee else {
        callbacks.signal()
        return
    }
    var unavailable: Set<String> = []
    for slot in 0..<Int(sink.n_ports) {
        guard let port = sink.ports?[slot]?.pointee else { continue }
        if port.available == Int32(PA_PORT_AVAILABLE_NO.rawValue) { unavailable.insert(String(cString: port.name)) }
    }
    callbacks.observe(
        .output(
            AudioOutput(
                id: sink.index, name: sink.name.map { String(cString: $0) } ?? "",
                displayName: sink.description.map { String(cString: $0) } ?? "",
                activePort: sink.active_port.map { String(cString: $0.pointee.name) },
                unavailablePorts: unavailable)))
}

private func sinkInputListed(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_input_info>?, _ end: Int32,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let callbacks = SoundServerCallbacks.from(userdata) else { return }
    guard end == 0, let input = info?.pointee else {
        callbacks.signal()
        return
    }
    let property = { (key: String) in pa_proplist_gets(input.proplist, key).map { String(cString: $0) } }
    let watched = callbacks.selection.matches(
        processID: property("application.process.id"), applicationName: property("application.name"))
    callbacks.observe(.stream(index: input.index, output: input.sink, isWatched: watched))
}
