import NIOConcurrencyHelpers
import ReelPreview

/// A provider whose requests wait until the test releases them, and which reports every start
/// and cancellation: it lets tests see exactly which work a ``PreviewModel`` starts and stops.
final class GatedProvider: ThumbnailProvider {
    enum Event: Hashable, Sendable {
        case started(Double)
        case cancelled(Double)
    }

    private struct State {
        var waiting: [Double: CheckedContinuation<Bool, Never>] = [:]
        var released: Set<Double> = []
    }

    let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let state = NIOLockedValueBox(State())

    init() { (events, continuation) = AsyncStream.makeStream() }

    /// Lets the request for `time` (now or later) answer.
    func release(_ time: Double) {
        let waiting = state.withLockedValue { state in
            state.released.insert(time)
            return state.waiting.removeValue(forKey: time)
        }
        waiting?.resume(returning: true)
    }

    func thumbnail(at time: Double) async throws(ThumbnailError) -> Thumbnail {
        continuation.yield(.started(time))
        let released = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                state.withLockedValue { state in
                    if state.released.contains(time) { return waiter.resume(returning: true) }
                    if Task.isCancelled { return waiter.resume(returning: false) }
                    state.waiting[time] = waiter
                }
            }
        } onCancel: {
            state.withLockedValue { $0.waiting.removeValue(forKey: time) }?.resume(returning: false)
        }
        guard released else {
            continuation.yield(.cancelled(time))
            throw ThumbnailError(.cancelled)
        }
        return Thumbnail(time: time, width: 1, height: 1, pixels: [UInt8(time), 0, 0, 255])
    }

    func duration() async throws(ThumbnailError) -> Double? { 10 }
}
