import Dispatch
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads key presses from a file descriptor (standard input in raw mode) on a dispatch queue of
/// its own and hands each decoded ``Key`` to a callback on that queue.
///
/// The main actor never blocks on the terminal: the callback is expected to forward keys to it.
/// Owned by one actor; only the callback runs elsewhere.
final class KeyReader {
    private let source: any DispatchSourceRead

    /// Starts reading `descriptor`; `onKey` is called on a background queue.
    init(descriptor: Int32, onKey: @escaping @Sendable (Key) -> Void) {
        let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue(label: "reel.keys"))
        let decoder = DecoderBox()
        source.setEventHandler { [source] in
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                // End of input or an error: nothing more will come.
                if count == 0 || (errno != EINTR && errno != EAGAIN) { source.cancel() }
                return
            }
            let keys = decoder.decoder.withLockedValue { $0.feed(buffer[..<count]) }
            for key in keys { onKey(key) }
        }
        source.resume()
        self.source = source
    }

    /// Stops reading. Idempotent.
    func stop() { source.cancel() }

    /// The decoder's state between reads, shared with the event handler.
    private final class DecoderBox: Sendable {
        let decoder = NIOLockedValueBox(KeyDecoder())
    }
}
