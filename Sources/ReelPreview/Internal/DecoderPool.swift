import Dispatch
import NIOConcurrencyHelpers

/// Up to `limit` opened sources of one file, each lent to one worker at a time; the blocking
/// FFmpeg calls run on Dispatch's global queue, never on a thread of Swift's cooperative pool.
///
/// A borrower that finds every source busy waits in line (cancellably); a returned source goes
/// straight to the first in line. Sources are opened lazily, in parallel, by the workers that
/// need them.
final class DecoderPool: Sendable {
    /// What a borrower gets: a source, or the right to open one.
    private enum Grant: Sendable {
        case source(FFmpegSource)
        case open
        case cancelled
    }

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Grant, Never>
    }

    private struct State {
        var idle: [FFmpegSource] = []
        var opened = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        var pictures = 0
    }

    /// The file's path.
    let path: String
    /// The most sources open at once.
    let limit: Int

    private let state = NIOLockedValueBox(State())
    private let queue = DispatchQueue.global(qos: .userInitiated)

    init(path: String, limit: Int) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// Pictures grabbed so far by all workers.
    var pictures: Int { state.withLockedValue { $0.pictures } }

    /// Runs `body` with a source of its own, on a Dispatch thread. With `countingPicture`, a
    /// success counts in ``pictures`` before the source is lent to anyone else.
    /// - Throws: ``ThumbnailError/Code/cancelled`` when the task is cancelled before a source is
    ///   free, the opening error, or what `body` throws.
    func withSource<T: Sendable>(
        countingPicture: Bool = false, _ body: @escaping @Sendable (FFmpegSource) throws(ThumbnailError) -> T
    ) async throws(ThumbnailError) -> T {
        let grant = await acquire()
        if case .cancelled = grant { throw ThumbnailError(.cancelled) }
        let path = path
        let outcome: Outcome<T> = await withCheckedContinuation { continuation in
            queue.async {
                let source: FFmpegSource
                do throws(ThumbnailError) {
                    switch grant {
                    case .source(let existing): source = existing
                    default: source = try FFmpegSource(path: path)
                    }
                } catch {
                    return continuation.resume(returning: .openFailed(error))
                }
                let result = Result { () throws(ThumbnailError) in try body(source) }
                if countingPicture, case .success = result { self.state.withLockedValue { $0.pictures += 1 } }
                self.release(source)
                continuation.resume(returning: .finished(result))
            }
        }
        switch outcome {
        case .finished(let result): return try result.get()
        case .openFailed(let error):
            releaseUnopened()
            throw error
        }
    }

    /// How a borrowing ended.
    private enum Outcome<T: Sendable>: Sendable {
        case finished(Result<T, ThumbnailError>)
        case openFailed(ThumbnailError)
    }

    private func acquire() async -> Grant {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                state.withLockedValue { state in
                    if Task.isCancelled { return continuation.resume(returning: .cancelled) }
                    if let source = state.idle.popLast() { return continuation.resume(returning: .source(source)) }
                    if state.opened < limit {
                        state.opened += 1
                        return continuation.resume(returning: .open)
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            state.withLockedValue { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return }
                state.waiters.remove(at: index).continuation.resume(returning: .cancelled)
            }
        }
    }

    private func release(_ source: FFmpegSource) {
        state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.idle.append(source)
            } else {
                state.waiters.removeFirst().continuation.resume(returning: .source(source))
            }
        }
    }

    /// A source that failed to open gives its place to the next in line (who will try again).
    private func releaseUnopened() {
        state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.opened -= 1
            } else {
                state.waiters.removeFirst().continuation.resume(returning: .open)
            }
        }
    }
}
